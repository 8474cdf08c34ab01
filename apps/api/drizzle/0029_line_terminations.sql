CREATE TABLE "line_terminations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"effective_on" date NOT NULL,
	"whole_account" boolean NOT NULL,
	"state" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"network_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "terminated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_terminations" ADD CONSTRAINT "line_terminations_line_id_subscriptions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_terminations" ADD CONSTRAINT "line_terminations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_terminations_scheduled_key" ON "line_terminations" USING btree ("line_id") WHERE "line_terminations"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "line_terminations_due_idx" ON "line_terminations" USING btree ("effective_on") WHERE "line_terminations"."state" = 'scheduled';