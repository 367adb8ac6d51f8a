-- The feed's exploration walk (a stretch of the filter's clips from a random id, in id order) tests each clip it
-- passes against the filter. Through the primary key that is a heap read per clip passed: under the week filter, with
-- two years of clips, about 6 000 for 40 clips. This index carries what the test reads, so the walk is index-only;
-- so are the ranking's probes of clips by id (the filter's test of a clip_stats walk's rows, what a candidate is).
-- INCLUDE is not declared in the schema (drizzle cannot).
CREATE INDEX IF NOT EXISTS "clips_explore_idx" ON "clips" USING btree ("id") INCLUDE ("category_id", "creator_id", "published_at", "audiences") WHERE "status" = 'published';
--> statement-breakpoint
-- The same walk under a tag filter goes through the tag's rows in clip order: their copies of the clip's listing,
-- audiences, category and date (ADR 036, 037) are read from the index instead of the heap.
DROP INDEX IF EXISTS "clip_tags_tag_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clip_tags_tag_idx" ON "clip_tags" USING btree ("tag_id", "clip_id") INCLUDE ("listed", "audiences", "category_id", "published_at");
