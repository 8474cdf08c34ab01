ALTER TABLE "bills" ADD COLUMN "revised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "issued_total_cents" integer;