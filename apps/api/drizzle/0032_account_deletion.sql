CREATE TABLE "sim_replacements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type_sim" smallint NOT NULL,
	"msisdn" text NOT NULL,
	"lost_iccid" text,
	"state" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"delivery_address" jsonb,
	"reported_at" timestamp with time zone NOT NULL,
	"blocked_at" timestamp with time zone,
	"new_iccid" text,
	"new_imsi" text,
	"esim_profile_id" uuid,
	"delivery_method" smallint,
	"delivery_date" text,
	"tracking_code" text,
	"sent_at" timestamp with time zone,
	"sent_by" uuid,
	"delivered_at" timestamp with time zone,
	"activation_requested_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"failure" text,
	CONSTRAINT "sim_replacements_state_check" CHECK ("sim_replacements"."state" IN ('reported', 'sent', 'delivered', 'activating', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "account_deletion_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	CONSTRAINT "account_deletion_requests_state_check" CHECK ("account_deletion_requests"."state" IN ('open', 'withdrawn', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "sim_replacements" ADD CONSTRAINT "sim_replacements_line_id_subscriptions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_replacements" ADD CONSTRAINT "sim_replacements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_replacements" ADD CONSTRAINT "sim_replacements_esim_profile_id_esim_profiles_id_fk" FOREIGN KEY ("esim_profile_id") REFERENCES "public"."esim_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_deletion_requests" ADD CONSTRAINT "account_deletion_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_deletion_requests" ADD CONSTRAINT "account_deletion_requests_completed_by_staff_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sim_replacements_open_key" ON "sim_replacements" USING btree ("line_id") WHERE "sim_replacements"."state" IN ('reported', 'sent', 'delivered', 'activating');--> statement-breakpoint
CREATE UNIQUE INDEX "sim_replacements_new_iccid_key" ON "sim_replacements" USING btree ("new_iccid") WHERE "sim_replacements"."new_iccid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_replacements_user_idx" ON "sim_replacements" USING btree ("user_id","reported_at");--> statement-breakpoint
CREATE INDEX "sim_replacements_state_idx" ON "sim_replacements" USING btree ("state","reported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletion_requests_open_key" ON "account_deletion_requests" USING btree ("user_id") WHERE "account_deletion_requests"."state" = 'open';--> statement-breakpoint
CREATE INDEX "account_deletion_requests_open_idx" ON "account_deletion_requests" USING btree ("requested_at") WHERE "account_deletion_requests"."state" = 'open';