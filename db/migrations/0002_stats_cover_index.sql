-- Tag and creator stats reach each clip by primary key and read only these
-- columns (docs/performance.md): an index-only path instead of a table scan.
CREATE INDEX IF NOT EXISTS "clips_stats_cover_idx" ON "clips" USING btree ("id") INCLUDE ("flames", "creator_id", "audiences") WHERE "clips"."status" = 'published';
