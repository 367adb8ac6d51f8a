ALTER TABLE "usage_session_categories" DROP CONSTRAINT "usage_session_categories_seconds_check";--> statement-breakpoint
ALTER TABLE "usage_session_categories" ADD COLUMN "watched_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_session_categories" ADD COLUMN "watched_clips" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD COLUMN "local_hour" smallint;--> statement-breakpoint
ALTER TABLE "usage_session_categories" ADD CONSTRAINT "usage_session_categories_seconds_check" CHECK ("usage_session_categories"."seconds" >= 0 and ("usage_session_categories"."seconds" > 0 or "usage_session_categories"."watched_clips" > 0));--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD CONSTRAINT "usage_sessions_local_hour_check" CHECK ("usage_sessions"."local_hour" between 0 and 23);