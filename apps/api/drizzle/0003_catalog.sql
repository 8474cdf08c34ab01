CREATE TABLE "addons" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"monthly_cents" integer NOT NULL,
	"description" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "addons_price_check" CHECK ("addons"."monthly_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cis_companies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email_domains" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan_group" text NOT NULL,
	"company_code" text,
	"monthly_cents" integer NOT NULL,
	"data_gb" integer,
	"talk_minutes" integer,
	"sms" integer,
	"roaming_gb" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "plans_group_check" CHECK ("plans"."plan_group" IN ('consumer', 'cis')),
	CONSTRAINT "plans_cis_company_check" CHECK (("plans"."plan_group" = 'cis') = ("plans"."company_code" IS NOT NULL)),
	CONSTRAINT "plans_price_check" CHECK ("plans"."monthly_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotion_codes_kind_check" CHECK (("promotion_codes"."percent_off" IS NULL) <> ("promotion_codes"."amount_off_cents" IS NULL)),
	CONSTRAINT "promotion_codes_percent_check" CHECK ("promotion_codes"."percent_off" IS NULL OR "promotion_codes"."percent_off" BETWEEN 1 AND 100),
	CONSTRAINT "promotion_codes_amount_check" CHECK ("promotion_codes"."amount_off_cents" IS NULL OR "promotion_codes"."amount_off_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_company_code_cis_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."cis_companies"("code") ON DELETE no action ON UPDATE no action;