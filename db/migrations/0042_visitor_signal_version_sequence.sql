CREATE SEQUENCE "public"."visitor_signal_versions_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "visitor_signal_versions" ALTER COLUMN "version" SET DEFAULT nextval('visitor_signal_versions_seq');--> statement-breakpoint
-- Past every version already held, so no row is ever given a number it (or a row before it) held (ADR 221).
SELECT setval('visitor_signal_versions_seq', coalesce((SELECT max("version") FROM "visitor_signal_versions"), 0) + 1, false);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "visitor_signal_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A new number from the sequence for every visitor whose rows the statement changed, in key order (concurrent
  -- commits never wait in a cycle). A write makes the visitor's row; a delete only moves a row that exists — a
  -- visitor without one has no kept ranking to outdate, and retention must not make rows for the visitors it empties.
  INSERT INTO "visitor_signal_versions" AS v ("user_id")
    SELECT DISTINCT c."user_id" FROM changed_rows c WHERE c."user_id" IS NOT NULL
      AND (TG_OP <> 'DELETE' OR EXISTS (SELECT 1 FROM "visitor_signal_versions" e WHERE e."user_id" = c."user_id"))
    ORDER BY 1
    ON CONFLICT ("user_id") WHERE "user_id" IS NOT NULL DO UPDATE SET "version" = excluded."version";
  INSERT INTO "visitor_signal_versions" AS v ("anonymous_id")
    SELECT DISTINCT c."anonymous_id" FROM changed_rows c WHERE c."anonymous_id" IS NOT NULL
      AND (TG_OP <> 'DELETE' OR EXISTS (SELECT 1 FROM "visitor_signal_versions" e WHERE e."anonymous_id" = c."anonymous_id"))
    ORDER BY 1
    ON CONFLICT ("anonymous_id") WHERE "anonymous_id" IS NOT NULL DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END $$;
