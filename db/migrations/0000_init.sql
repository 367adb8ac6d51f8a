CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "channel_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"producer_link" text,
	"verified" boolean DEFAULT false NOT NULL,
	"audiences" text[] DEFAULT '{hetero}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clip_tags" (
	"clip_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"generation_model" text,
	"confidence_score" real,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "clip_tags_clip_id_tag_id_pk" PRIMARY KEY("clip_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "clips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"slug" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"channel_site_id" uuid,
	"source_url" text,
	"video_key" text NOT NULL,
	"storage_url" text,
	"thumbnail1_key" text,
	"thumbnail2_key" text,
	"thumbnail3_key" text,
	"start_seconds" real,
	"end_seconds" real,
	"duration_seconds" real NOT NULL,
	"file_size_bytes" integer,
	"status" text DEFAULT 'published' NOT NULL,
	"audiences" text[] DEFAULT '{hetero}'::text[] NOT NULL,
	"flames" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clips_flames_not_negative" CHECK ("clips"."flames" >= 0),
	CONSTRAINT "clips_status_check" CHECK ("clips"."status" in ('published', 'hidden', 'processing'))
);
--> statement-breakpoint
CREATE TABLE "creators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"bio" text,
	"avatar_key" text,
	"twitter_profile_url" text,
	"website_url" text,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"color" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_query" text,
	"main_tag_en" text,
	"main_tag_es" text,
	"active" boolean DEFAULT true NOT NULL,
	"order_priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_flames" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clip_id" uuid NOT NULL,
	"user_id" text,
	"visitor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_flames_one_liker" CHECK (num_nonnulls("user_flames"."user_id", "user_flames"."visitor_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "emotion_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premium_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan_type" text NOT NULL,
	"source" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"avatar_url" text,
	"is_premium" boolean DEFAULT false NOT NULL,
	"plan_type" text,
	"premium_source" text,
	"premium_starts_at" timestamp with time zone,
	"premium_expires_at" timestamp with time zone,
	"daily_goal_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"seconds" integer NOT NULL,
	"emotion_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clip_tags" ADD CONSTRAINT "clip_tags_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_tags" ADD CONSTRAINT "clip_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_category_id_video_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."video_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_channel_site_id_channel_sites_id_fk" FOREIGN KEY ("channel_site_id") REFERENCES "public"."channel_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_flames" ADD CONSTRAINT "user_flames_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_flames" ADD CONSTRAINT "user_flames_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_tokens" ADD CONSTRAINT "premium_tokens_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD CONSTRAINT "usage_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD CONSTRAINT "usage_sessions_emotion_id_emotion_types_id_fk" FOREIGN KEY ("emotion_id") REFERENCES "public"."emotion_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_sites_url_key" ON "channel_sites" USING btree ("url");--> statement-breakpoint
CREATE INDEX "clip_tags_tag_idx" ON "clip_tags" USING btree ("tag_id","clip_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clips_slug_key" ON "clips" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "clips_published_idx" ON "clips" USING btree ("published_at" DESC NULLS FIRST,"id") WHERE "clips"."status" = 'published';--> statement-breakpoint
CREATE INDEX "clips_category_published_idx" ON "clips" USING btree ("category_id","published_at" DESC NULLS FIRST,"id") WHERE "clips"."status" = 'published';--> statement-breakpoint
CREATE INDEX "clips_creator_published_idx" ON "clips" USING btree ("creator_id","published_at" DESC NULLS FIRST,"id") WHERE "clips"."status" = 'published';--> statement-breakpoint
CREATE INDEX "clips_flames_idx" ON "clips" USING btree ("flames" DESC NULLS FIRST,"id") WHERE "clips"."status" = 'published';--> statement-breakpoint
CREATE INDEX "clips_audiences_idx" ON "clips" USING gin ("audiences");--> statement-breakpoint
CREATE INDEX "clips_id_prefix_idx" ON "clips" USING btree ((left("id"::text, 8)));--> statement-breakpoint
CREATE INDEX "clips_title_trgm_idx" ON "clips" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "creators_slug_key" ON "creators" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "creators_followers_idx" ON "creators" USING btree ("followers_count");--> statement-breakpoint
CREATE INDEX "creators_name_trgm_idx" ON "creators" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_key" ON "tags" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "video_categories_slug_key" ON "video_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "video_categories_order_idx" ON "video_categories" USING btree ("active","order_priority","slug");--> statement-breakpoint
CREATE INDEX "account_user_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_token_key" ON "session" USING btree ("token");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_key" ON "user" USING btree ("email");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "user_flames_clip_user_key" ON "user_flames" USING btree ("clip_id","user_id") WHERE "user_flames"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_flames_clip_visitor_key" ON "user_flames" USING btree ("clip_id","visitor_id") WHERE "user_flames"."visitor_id" is not null;--> statement-breakpoint
CREATE INDEX "user_flames_user_idx" ON "user_flames" USING btree ("user_id","created_at" DESC NULLS FIRST) WHERE "user_flames"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "user_flames_visitor_idx" ON "user_flames" USING btree ("visitor_id") WHERE "user_flames"."visitor_id" is not null;--> statement-breakpoint
CREATE INDEX "premium_tokens_user_idx" ON "premium_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_key" ON "profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "usage_sessions_user_idx" ON "usage_sessions" USING btree ("user_id","started_at" DESC NULLS FIRST);