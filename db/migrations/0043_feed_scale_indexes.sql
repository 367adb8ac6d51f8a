CREATE INDEX "clip_stats_creator_category_hot_idx" ON "clip_stats" USING btree ("creator_id","category_id","hot" DESC NULLS FIRST,"clip_id");--> statement-breakpoint
-- A creator's newest and drawn clips within the feed's category filter: clips_creator_listing_idx would walk
-- every clip of the creator to find those of the category. INCLUDE is not declared in the schema (drizzle cannot).
CREATE INDEX IF NOT EXISTS "clips_creator_category_published_idx" ON "clips" USING btree ("creator_id", "category_id", "published_at" DESC, "id") INCLUDE ("audiences") WHERE "status" = 'published';
--> statement-breakpoint
-- A tag's most flamed clips under a category or week filter: the filter's columns are read from the index.
DROP INDEX IF EXISTS "clip_tags_tag_popular_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clip_tags_tag_popular_idx" ON "clip_tags" USING btree ("tag_id", "flames" DESC, "clip_id") INCLUDE ("audiences", "category_id", "published_at") WHERE "listed";
--> statement-breakpoint
-- The ranking's read of a visitor's latest events takes their clips from the index (an index-only scan).
DROP INDEX IF EXISTS "watch_events_anonymous_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "watch_events_anonymous_idx" ON "watch_events" USING btree ("anonymous_id", "created_at" DESC NULLS FIRST) INCLUDE ("clip_id") WHERE "anonymous_id" is not null;
--> statement-breakpoint
DROP INDEX IF EXISTS "watch_events_user_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "watch_events_user_idx" ON "watch_events" USING btree ("user_id", "created_at" DESC NULLS FIRST) INCLUDE ("clip_id") WHERE "user_id" is not null;
