-- The parts of a charge whose reason names a day or a month (a plan or product for part of the month,
-- use recorded late), so that the bill writes them in the reader's language (ADR 0055); the reason
-- stays the English it was. A nullable column with no default is added without rewriting the table,
-- and the release before, which does not name it, keeps working (ADR 0053).
SET LOCAL lock_timeout = '5s';
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "words" jsonb;
