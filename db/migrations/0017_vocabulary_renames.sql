-- One vocabulary (docs/glossary.md, rename plan rows 2c, 7, 8, 10 and 11; ADR 079): the schema says category,
-- moderator, anonymous id, premium activation and short id. Renames only: no row moves and every index stays built.
-- No function body names a renamed table or column (the counters' functions of 0013 and the cache
-- generation's of 0014 read clips, clip_tags, catalogue_counts, tag_counts and cache_generation only), and a
-- trigger, a foreign key, a check or a partial index follows its table and columns through a rename, so
-- nothing is recreated; the names that carried an old word are renamed too.

-- 2c: browse categories.
ALTER TABLE "video_categories" RENAME TO "categories";--> statement-breakpoint
ALTER TABLE "categories" RENAME CONSTRAINT "video_categories_pkey" TO "categories_pkey";--> statement-breakpoint
ALTER INDEX "video_categories_slug_key" RENAME TO "categories_slug_key";--> statement-breakpoint
ALTER INDEX "video_categories_order_idx" RENAME TO "categories_order_idx";--> statement-breakpoint
ALTER TABLE "clips" RENAME CONSTRAINT "clips_category_id_video_categories_id_fk" TO "clips_category_id_categories_id_fk";--> statement-breakpoint
ALTER TABLE "usage_session_categories" RENAME CONSTRAINT "usage_session_categories_category_id_video_categories_id_fk" TO "usage_session_categories_category_id_categories_id_fk";--> statement-breakpoint
ALTER TABLE "catalogue_counts" RENAME CONSTRAINT "catalogue_counts_category_id_video_categories_id_fk" TO "catalogue_counts_category_id_categories_id_fk";--> statement-breakpoint
ALTER TABLE "tag_counts" RENAME CONSTRAINT "tag_counts_category_id_video_categories_id_fk" TO "tag_counts_category_id_categories_id_fk";--> statement-breakpoint
ALTER TRIGGER "video_categories_cache_generation" ON "categories" RENAME TO "categories_cache_generation";--> statement-breakpoint

-- 7: moderators. The audit log's grant entries move with the code that writes and labels them.
ALTER TABLE "admin_grants" RENAME TO "moderator_grants";--> statement-breakpoint
ALTER TABLE "moderator_grants" RENAME CONSTRAINT "admin_grants_pkey" TO "moderator_grants_pkey";--> statement-breakpoint
UPDATE "moderation_audit" SET "action" = 'moderator_granted', "target_type" = 'moderator' WHERE "action" = 'admin_granted' AND "target_type" = 'admin';--> statement-breakpoint
UPDATE "moderation_audit" SET "action" = 'moderator_revoked', "target_type" = 'moderator' WHERE "action" = 'admin_revoked' AND "target_type" = 'admin';--> statement-breakpoint

-- 8: the anonymous id a visitor without an account flames under (the `spicy_uid` cookie keeps its name).
ALTER TABLE "user_flames" RENAME COLUMN "visitor_id" TO "anonymous_id";--> statement-breakpoint
ALTER TABLE "user_flames" RENAME CONSTRAINT "user_flames_one_liker" TO "user_flames_one_owner";--> statement-breakpoint
ALTER INDEX "user_flames_clip_visitor_key" RENAME TO "user_flames_clip_anonymous_key";--> statement-breakpoint
ALTER INDEX "user_flames_visitor_idx" RENAME TO "user_flames_anonymous_idx";--> statement-breakpoint

-- 10: premium activations.
ALTER TABLE "premium_tokens" RENAME TO "premium_activations";--> statement-breakpoint
ALTER TABLE "premium_activations" RENAME CONSTRAINT "premium_tokens_pkey" TO "premium_activations_pkey";--> statement-breakpoint
ALTER TABLE "premium_activations" RENAME CONSTRAINT "premium_tokens_user_id_user_id_fk" TO "premium_activations_user_id_user_id_fk";--> statement-breakpoint
ALTER INDEX "premium_tokens_user_idx" RENAME TO "premium_activations_user_idx";--> statement-breakpoint

-- 11: the short id at the end of a clip's slug.
ALTER INDEX "clips_id_prefix_idx" RENAME TO "clips_short_id_idx";
