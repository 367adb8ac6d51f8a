-- What each signal commit writes, made cheaper (ADR 229). No reader walks these three indexes: a clip's best by
-- quality per creator (the creator walks go by hot), the weights by age (only the 6-hourly retention job, which now
-- scans), a clip's events (only the foreign key's cascade on a deleted clip, which now scans as clip_views' does).
DROP INDEX "clip_stats_creator_quality_idx";--> statement-breakpoint
DROP INDEX "visitor_affinities_updated_idx";--> statement-breakpoint
DROP INDEX "watch_events_clip_idx";--> statement-breakpoint
-- Room on each page for a row's next version: these rows move on most commits without an indexed column changing,
-- so the new version stays on its page (a HOT update) and no index takes a new entry. Pages written from now on.
ALTER TABLE "visitor_affinities" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "clip_daily_stats" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "visitor_signal_versions" SET (fillfactor = 80);
