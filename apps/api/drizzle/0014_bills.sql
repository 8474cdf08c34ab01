CREATE SEQUENCE "public"."bill_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bill_runs" (
	"month" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"bills" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"month" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"total_cents" integer NOT NULL,
	"gst_percent" numeric(5, 2) NOT NULL,
	"gst_cents" integer NOT NULL,
	"previous_balance_cents" integer NOT NULL,
	"payments_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "bills_state_check" CHECK ("bills"."state" IN ('due', 'pending', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "charges" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "line_id" uuid;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "waived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "waived_by" uuid;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "waive_reason" text;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_user_month_key" ON "bills" USING btree ("user_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_number_key" ON "bills" USING btree ("number");--> statement-breakpoint
CREATE INDEX "bills_unsent_idx" ON "bills" USING btree ("created_at") WHERE "bills"."emailed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_source_key" ON "charges" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "charges_unbilled_idx" ON "charges" USING btree ("user_id") WHERE "charges"."bill_id" IS NULL;--> statement-breakpoint
CREATE INDEX "charges_bill_idx" ON "charges" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "charges_line_period_idx" ON "charges" USING btree ("line_id","period");