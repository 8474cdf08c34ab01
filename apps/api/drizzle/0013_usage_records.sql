CREATE TABLE "line_usage_settings" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"rollover" boolean DEFAULT false NOT NULL,
	"stop_data_at_limit" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_alerts" (
	"line_id" uuid NOT NULL,
	"bucket_id" text NOT NULL,
	"threshold" smallint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_alerts_pkey" PRIMARY KEY("line_id","bucket_id","threshold")
);
--> statement-breakpoint
CREATE TABLE "usage_balances" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"buckets" jsonb NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"line_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"scope" text NOT NULL,
	"country" text NOT NULL,
	"events" integer NOT NULL,
	"volume" bigint NOT NULL,
	"out_of_bundle" bigint NOT NULL,
	"charge_cents" bigint NOT NULL,
	CONSTRAINT "usage_daily_pkey" PRIMARY KEY("line_id","day","kind","direction","scope","country")
);
--> statement-breakpoint
CREATE TABLE "usage_import_cursor" (
	"source" text PRIMARY KEY NOT NULL,
	"last_sequence" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_import_cursor_sequence_check" CHECK ("usage_import_cursor"."last_sequence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "usage_orphans" (
	"mvne_sequence" bigint PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"line_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"mvne_sequence" bigint NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"direction" text,
	"country" text NOT NULL,
	"volume" bigint NOT NULL,
	"bucket" text,
	"out_of_bundle" bigint NOT NULL,
	"charge_cents" integer NOT NULL,
	CONSTRAINT "usage_records_pkey" PRIMARY KEY("line_id","started_at","mvne_sequence"),
	CONSTRAINT "usage_records_kind_check" CHECK ("usage_records"."kind" IN ('data', 'voice', 'sms')),
	CONSTRAINT "usage_records_scope_check" CHECK ("usage_records"."scope" IN ('local', 'idd', 'roaming')),
	CONSTRAINT "usage_records_country_check" CHECK ("usage_records"."country" ~ '^[A-Z]{2}$')
) PARTITION BY RANGE ("started_at");
-- Partitioned by month of started_at (ADR 0022): the usage import creates each month's partition
-- (usage_records_YYYYMM, Singapore months), and the next, before it writes into it.
--> statement-breakpoint
ALTER TABLE "line_usage_settings" ADD CONSTRAINT "line_usage_settings_line_id_subscriptions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_alerts" ADD CONSTRAINT "usage_alerts_line_id_subscriptions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_balances" ADD CONSTRAINT "usage_balances_line_id_subscriptions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_orphans_service_idx" ON "usage_orphans" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "subscriptions_line_user_idx" ON "subscriptions" USING btree ("line_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_mvne_service_key" ON "subscriptions" USING btree ("mvne_service_id") WHERE "subscriptions"."mvne_service_id" IS NOT NULL;