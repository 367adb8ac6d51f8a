CREATE TABLE "upload_space" (
	"id" integer PRIMARY KEY NOT NULL,
	"kept_bytes" bigint DEFAULT 0 NOT NULL,
	"streaming_bytes" bigint DEFAULT 0 NOT NULL,
	"streaming_touched_at" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "upload_space_one_row" CHECK ("upload_space"."id" = 1)
);
--> statement-breakpoint
-- Files already waiting in quarantine take their space from the start (ADR 114).
INSERT INTO "upload_space" ("id", "kept_bytes")
SELECT 1, coalesce(sum("upload_bytes"), 0) FROM "content_submissions" WHERE "upload_key" IS NOT NULL;
--> statement-breakpoint
-- kept_bytes follows the files waiting in quarantine, whoever writes: a kept upload adds its bytes, a published,
-- rejected or deleted one gives them back.
CREATE OR REPLACE FUNCTION "upload_space_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.upload_key IS NOT NULL THEN
    delta := delta - coalesce(OLD.upload_bytes, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.upload_key IS NOT NULL THEN
    delta := delta + coalesce(NEW.upload_bytes, 0);
  END IF;
  IF delta <> 0 THEN
    INSERT INTO upload_space (id, kept_bytes) VALUES (1, greatest(delta, 0))
    ON CONFLICT (id) DO UPDATE SET kept_bytes = greatest(upload_space.kept_bytes + delta, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "content_submissions_upload_space" AFTER INSERT OR DELETE OR UPDATE OF "upload_key", "upload_bytes" ON "content_submissions" FOR EACH ROW EXECUTE FUNCTION "upload_space_keep"();
