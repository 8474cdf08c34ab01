CREATE TABLE "unmatched_credits" (
	"bank_credit_id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"matched_bill_id" uuid,
	"resolved_at" timestamp with time zone
);
