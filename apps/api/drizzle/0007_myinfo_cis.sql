CREATE TABLE "cis_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"company_code" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "myinfo_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"nonce_hash" text NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cis_companies" ADD COLUMN "employer_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cis_checks" ADD CONSTRAINT "cis_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cis_checks" ADD CONSTRAINT "cis_checks_company_code_cis_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."cis_companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "myinfo_requests" ADD CONSTRAINT "myinfo_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cis_checks_user_created_idx" ON "cis_checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "myinfo_requests_nonce_hash_key" ON "myinfo_requests" USING btree ("nonce_hash");