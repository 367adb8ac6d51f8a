-- docs/decisions/030-cache-generation.md: one number that moves whenever what the public pages show changes.
-- Every app process compares its in-memory caches against it, so a hide through one server is gone from
-- every server on its next request. Triggers catch every writer (pages, admin, CLI, jobs, other processes).
CREATE TABLE IF NOT EXISTS "cache_generation" (
	"id" integer PRIMARY KEY CHECK ("id" = 1),
	"value" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "cache_generation" ("id", "value") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cache_generation_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "cache_generation" SET "value" = "value" + 1 WHERE "id" = 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates bump only when a column other than the ones named as arguments changed: a flame moves
-- clips.flames thousands of times a second, and cached pages may show a count a few seconds old.
CREATE OR REPLACE FUNCTION "cache_generation_bump_if_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ignored text[] := TG_ARGV::text[];
BEGIN
	IF EXISTS (
		SELECT 1 FROM "changed_new" n WHERE NOT EXISTS (
			SELECT 1 FROM "changed_old" o WHERE o."id" = n."id" AND (to_jsonb(o) - ignored) = (to_jsonb(n) - ignored)
		)
	) THEN
		UPDATE "cache_generation" SET "value" = "value" + 1 WHERE "id" = 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "clips_cache_generation_write" AFTER INSERT OR DELETE OR TRUNCATE ON "clips" FOR EACH STATEMENT EXECUTE FUNCTION "cache_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "clips_cache_generation_update" AFTER UPDATE ON "clips" REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "cache_generation_bump_if_changed"('flames');
--> statement-breakpoint
-- clip_tags: only new or removed tags. Its listing columns (ADR 037) are copies the clips trigger writes,
-- so a change that matters already moved the generation there; a flame must not take this row lock.
CREATE TRIGGER "clip_tags_cache_generation" AFTER INSERT OR DELETE OR TRUNCATE ON "clip_tags" FOR EACH STATEMENT EXECUTE FUNCTION "cache_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "tags_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "cache_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "creators_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "creators" FOR EACH STATEMENT EXECUTE FUNCTION "cache_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "video_categories_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "video_categories" FOR EACH STATEMENT EXECUTE FUNCTION "cache_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "channel_sites_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "channel_sites" FOR EACH STATEMENT EXECUTE FUNCTION "cache_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "emotion_types_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "emotion_types" FOR EACH STATEMENT EXECUTE FUNCTION "cache_generation_bump"();
