CREATE TABLE "plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"from_plan" text NOT NULL,
	"to_plan" text NOT NULL,
	"effective_on" date NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "plan_changes_state_check" CHECK ("plan_changes"."state" IN ('scheduled', 'applied', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_line_id_subscriptions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_changes_user_idx" ON "plan_changes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_scheduled_key" ON "plan_changes" USING btree ("line_id") WHERE "plan_changes"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "plan_changes_due_idx" ON "plan_changes" USING btree ("effective_on") WHERE "plan_changes"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "plan_changes_line_idx" ON "plan_changes" USING btree ("line_id","effective_on") WHERE "plan_changes"."state" = 'applied';