-- What was sent to a customer, for their inbox (ADR 0058): each email, SMS and push a sender declared
-- for it, as it went out. A new table: nothing of the release before reads or writes it (ADR 0053).
SET LOCAL lock_timeout = '5s';
--> statement-breakpoint
CREATE TABLE "sent_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"title" text,
	"body" text NOT NULL,
	"link" text,
	"sent_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"job_id" text NOT NULL,
	CONSTRAINT "sent_messages_job_id_unique" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE INDEX "sent_messages_user_sent_idx" ON "sent_messages" USING btree ("user_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sent_messages_unread_idx" ON "sent_messages" USING btree ("user_id") WHERE "sent_messages"."read_at" IS NULL;