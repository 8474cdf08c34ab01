CREATE TABLE "idd_rates" (
	"country" text PRIMARY KEY NOT NULL,
	"cents_per_minute" integer NOT NULL,
	"sms_cents" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "idd_rates_price_check" CHECK ("idd_rates"."cents_per_minute" >= 0 AND "idd_rates"."sms_cents" >= 0)
);
