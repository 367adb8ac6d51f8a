ALTER TABLE "clip_stats" ADD COLUMN "hot" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "clip_stats_hot_idx" ON "clip_stats" USING btree ("hot" DESC NULLS FIRST,"clip_id");--> statement-breakpoint
CREATE INDEX "clip_stats_category_hot_idx" ON "clip_stats" USING btree ("category_id","hot" DESC NULLS FIRST,"clip_id");--> statement-breakpoint
CREATE INDEX "clip_stats_creator_hot_idx" ON "clip_stats" USING btree ("creator_id","hot" DESC NULLS FIRST,"clip_id");--> statement-breakpoint
-- The clips that already have signals get their trending order (HOT_SECONDS_PER_POINT in app/features/signals/signal-rules.ts).
UPDATE "clip_stats" SET "hot" = "quality" + extract(epoch from "published_at") / 172800;
