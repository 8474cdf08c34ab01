CREATE TABLE "unmatched_charges" (
	"gateway_charge_id" text PRIMARY KEY NOT NULL,
	"attempt_id" text,
	"amount_cents" integer NOT NULL,
	"charged_at" timestamp with time zone NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"resolution" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "unmatched_charges_open_idx" ON "unmatched_charges" USING btree ("charged_at") WHERE "unmatched_charges"."resolved_at" IS NULL;