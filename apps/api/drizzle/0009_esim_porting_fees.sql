CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"billed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "esim_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"issue" smallint NOT NULL,
	"mvne_profile_id" text,
	"iccid" text,
	"activation_code" text,
	"state" text,
	"device_eid" text,
	"requested_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "port_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"msisdn" text NOT NULL,
	"donor_network" smallint NOT NULL,
	"donor_id_number" text NOT NULL,
	"status" text NOT NULL,
	"refusal" text,
	"mvne_port_id" text,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "temporary_msisdn" text;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_profiles" ADD CONSTRAINT "esim_profiles_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_profiles" ADD CONSTRAINT "esim_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_requests" ADD CONSTRAINT "port_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_requests" ADD CONSTRAINT "port_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_requests" ADD CONSTRAINT "port_requests_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_order_kind_key" ON "charges" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "charges_user_idx" ON "charges" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "esim_profiles_issue_key" ON "esim_profiles" USING btree ("subscription_id","issue");--> statement-breakpoint
CREATE UNIQUE INDEX "esim_profiles_live_key" ON "esim_profiles" USING btree ("subscription_id") WHERE "esim_profiles"."disabled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "esim_profiles_user_idx" ON "esim_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "port_requests_order_line_key" ON "port_requests" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "port_requests_user_idx" ON "port_requests" USING btree ("user_id","created_at");