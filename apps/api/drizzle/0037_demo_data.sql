CREATE TABLE "demo_data" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "demo_data_one_row" CHECK ("demo_data"."id" = 1)
);
