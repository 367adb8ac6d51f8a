-- docs/decisions/030-cache-generation.md: the generation also announces itself. A process whose every write
-- passes through it and that hears a notification before the writing statement returns (PGlite in process)
-- follows the number from these notifications instead of reading it for every request.
CREATE OR REPLACE FUNCTION "cache_generation_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('cache_generation', NEW."value"::text);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cache_generation_notify" AFTER UPDATE ON "cache_generation" FOR EACH ROW EXECUTE FUNCTION "cache_generation_notify"();
--> statement-breakpoint
-- A clip's flame count moves without moving the generation; the count itself is announced, so such a process
-- keeps every count it shows exact without reading it.
CREATE OR REPLACE FUNCTION "clip_flames_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('clip_flames', NEW."id"::text || ' ' || NEW."flames"::text);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "clip_flames_notify" AFTER UPDATE OF "flames" ON "clips" FOR EACH ROW WHEN (OLD."flames" IS DISTINCT FROM NEW."flames") EXECUTE FUNCTION "clip_flames_notify"();
