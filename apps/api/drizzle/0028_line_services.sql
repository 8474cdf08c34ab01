CREATE TABLE "line_barring" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"incoming_international" boolean NOT NULL,
	"outgoing_international" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "line_suspensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"suspended_at" timestamp with time zone NOT NULL,
	"network_at" timestamp with time zone,
	"resumed_at" timestamp with time zone,
	"resumed_by" uuid,
	"resumed_network_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "line_barring" ADD CONSTRAINT "line_barring_line_id_subscriptions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_suspensions" ADD CONSTRAINT "line_suspensions_line_id_subscriptions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_suspensions" ADD CONSTRAINT "line_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_suspensions_open_key" ON "line_suspensions" USING btree ("line_id") WHERE "line_suspensions"."resumed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "line_suspensions_line_idx" ON "line_suspensions" USING btree ("line_id","suspended_at");