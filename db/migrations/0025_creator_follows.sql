CREATE TABLE "creator_follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"user_id" text,
	"anonymous_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_follows_one_owner" CHECK (num_nonnulls("creator_follows"."user_id", "creator_follows"."anonymous_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "creator_follows" ADD CONSTRAINT "creator_follows_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_follows" ADD CONSTRAINT "creator_follows_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_follows_creator_user_key" ON "creator_follows" USING btree ("creator_id","user_id") WHERE "creator_follows"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_follows_creator_anonymous_key" ON "creator_follows" USING btree ("creator_id","anonymous_id") WHERE "creator_follows"."anonymous_id" is not null;--> statement-breakpoint
CREATE INDEX "creator_follows_user_idx" ON "creator_follows" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "creator_follows"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "creator_follows_anonymous_idx" ON "creator_follows" USING btree ("anonymous_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "creator_follows"."anonymous_id" is not null;--> statement-breakpoint
CREATE INDEX "creator_follows_creator_recent_idx" ON "creator_follows" USING btree ("creator_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- A follow moves creators.followers_count: like a flame's count, it must not drop every cached page
-- (docs/decisions/150-following-creators.md); any other change to a creator still does.
DROP TRIGGER IF EXISTS "creators_cache_generation" ON "creators";
--> statement-breakpoint
CREATE TRIGGER "creators_cache_generation_write" AFTER INSERT OR DELETE OR TRUNCATE ON "creators" FOR EACH STATEMENT EXECUTE FUNCTION "cache_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "creators_cache_generation_update" AFTER UPDATE ON "creators" REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "cache_generation_bump_if_changed"('followers_count');
--> statement-breakpoint
-- A creator's clips by popularity (the creator page's 'Popular' sort): one range of this index per page, carrying the
-- audiences like clips_creator_listing_idx (ADR 037). drizzle cannot declare INCLUDE, so it lives here.
CREATE INDEX IF NOT EXISTS "clips_creator_popular_idx" ON "clips" USING btree ("creator_id", "flames" DESC, "id") INCLUDE ("audiences") WHERE "status" = 'published';
