CREATE TABLE "line_roaming" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"cap_cents" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "line_roaming_cap_check" CHECK ("line_roaming"."cap_cents" IS NULL OR "line_roaming"."cap_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "roaming_cap_alerts" (
	"line_id" uuid NOT NULL,
	"month" text NOT NULL,
	"threshold" smallint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "roaming_cap_alerts_line_id_month_threshold_pk" PRIMARY KEY("line_id","month","threshold")
);
--> statement-breakpoint
ALTER TABLE "line_roaming" ADD CONSTRAINT "line_roaming_line_id_subscriptions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_cap_alerts" ADD CONSTRAINT "roaming_cap_alerts_line_id_subscriptions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;