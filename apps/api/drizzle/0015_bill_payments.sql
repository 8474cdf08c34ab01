CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text NOT NULL,
	"payment_method_id" uuid,
	"gateway_charge_id" text,
	"bank_credit_id" text,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bill_payments_state_check" CHECK ("bill_payments"."state" IN ('pending', 'succeeded', 'failed', 'void', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_bill_idx" ON "bill_payments" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_live_card_key" ON "bill_payments" USING btree ("bill_id") WHERE "bill_payments"."state" = 'pending' AND "bill_payments"."method" IN ('card', 'deduction');--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_deduction_key" ON "bill_payments" USING btree ("bill_id","attempt") WHERE "bill_payments"."method" = 'deduction';--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_bank_credit_key" ON "bill_payments" USING btree ("bank_credit_id");--> statement-breakpoint
CREATE INDEX "bill_payments_pending_idx" ON "bill_payments" USING btree ("updated_at") WHERE "bill_payments"."state" = 'pending';