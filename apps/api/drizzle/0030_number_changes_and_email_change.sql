CREATE TABLE "number_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"from_msisdn" text NOT NULL,
	"to_msisdn" text NOT NULL,
	"mvne_reservation_id" text,
	"held_until" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "number_changes_state_check" CHECK ("number_changes"."state" IN ('held', 'pending', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "action_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "number_changes" ADD CONSTRAINT "number_changes_line_id_subscriptions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_changes" ADD CONSTRAINT "number_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "number_changes_open_key" ON "number_changes" USING btree ("line_id") WHERE "number_changes"."state" IN ('held', 'pending');--> statement-breakpoint
CREATE INDEX "number_changes_user_idx" ON "number_changes" USING btree ("user_id","created_at");