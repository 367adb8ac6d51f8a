CREATE TABLE "clip_stats" (
	"clip_id" uuid PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"watches" bigint DEFAULT 0 NOT NULL,
	"completions" bigint DEFAULT 0 NOT NULL,
	"skips" bigint DEFAULT 0 NOT NULL,
	"loops" bigint DEFAULT 0 NOT NULL,
	"shares" bigint DEFAULT 0 NOT NULL,
	"quality" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clip_views" (
	"clip_id" uuid NOT NULL,
	"user_id" text,
	"anonymous_id" uuid,
	"day" date NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clip_views_one_owner" CHECK (num_nonnulls("clip_views"."user_id", "clip_views"."anonymous_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "creator_stats" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dismissed_clips" (
	"clip_id" uuid NOT NULL,
	"user_id" text,
	"anonymous_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dismissed_clips_one_owner" CHECK (num_nonnulls("dismissed_clips"."user_id", "dismissed_clips"."anonymous_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "tag_stats" (
	"tag_id" uuid PRIMARY KEY NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_affinities" (
	"user_id" text,
	"anonymous_id" uuid,
	"facet" text NOT NULL,
	"item_id" uuid NOT NULL,
	"weight" real DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_affinities_one_owner" CHECK (num_nonnulls("visitor_affinities"."user_id", "visitor_affinities"."anonymous_id") = 1),
	CONSTRAINT "visitor_affinities_facet_check" CHECK ("visitor_affinities"."facet" in ('category', 'tag', 'creator'))
);
--> statement-breakpoint
CREATE TABLE "visitor_feed_settings" (
	"user_id" text,
	"anonymous_id" uuid,
	"feed_order" text DEFAULT 'for-you' NOT NULL,
	"history_paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_feed_settings_one_owner" CHECK (num_nonnulls("visitor_feed_settings"."user_id", "visitor_feed_settings"."anonymous_id") = 1),
	CONSTRAINT "visitor_feed_settings_order_check" CHECK ("visitor_feed_settings"."feed_order" in ('for-you', 'newest', 'shuffle'))
);
--> statement-breakpoint
CREATE TABLE "watch_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "watch_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"clip_id" uuid NOT NULL,
	"user_id" text,
	"anonymous_id" uuid,
	"kind" text NOT NULL,
	"watched_ms" integer DEFAULT 0 NOT NULL,
	"loops" smallint DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"skipped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_events_one_owner" CHECK (num_nonnulls("watch_events"."user_id", "watch_events"."anonymous_id") = 1),
	CONSTRAINT "watch_events_kind_check" CHECK ("watch_events"."kind" in ('watch', 'flame', 'share', 'open'))
);
--> statement-breakpoint
ALTER TABLE "clip_stats" ADD CONSTRAINT "clip_stats_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_views" ADD CONSTRAINT "clip_views_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_views" ADD CONSTRAINT "clip_views_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_stats" ADD CONSTRAINT "creator_stats_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismissed_clips" ADD CONSTRAINT "dismissed_clips_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismissed_clips" ADD CONSTRAINT "dismissed_clips_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_stats" ADD CONSTRAINT "tag_stats_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_affinities" ADD CONSTRAINT "visitor_affinities_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_feed_settings" ADD CONSTRAINT "visitor_feed_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_events" ADD CONSTRAINT "watch_events_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_events" ADD CONSTRAINT "watch_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clip_stats_quality_idx" ON "clip_stats" USING btree ("quality" DESC NULLS FIRST,"clip_id");--> statement-breakpoint
CREATE INDEX "clip_stats_category_quality_idx" ON "clip_stats" USING btree ("category_id","quality" DESC NULLS FIRST,"clip_id");--> statement-breakpoint
CREATE INDEX "clip_stats_creator_quality_idx" ON "clip_stats" USING btree ("creator_id","quality" DESC NULLS FIRST,"clip_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clip_views_user_key" ON "clip_views" USING btree ("user_id","clip_id","day") WHERE "clip_views"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "clip_views_anonymous_key" ON "clip_views" USING btree ("anonymous_id","clip_id","day") WHERE "clip_views"."anonymous_id" is not null;--> statement-breakpoint
CREATE INDEX "clip_views_user_recent_idx" ON "clip_views" USING btree ("user_id","viewed_at" DESC NULLS FIRST,"clip_id") WHERE "clip_views"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "clip_views_anonymous_recent_idx" ON "clip_views" USING btree ("anonymous_id","viewed_at" DESC NULLS FIRST,"clip_id") WHERE "clip_views"."anonymous_id" is not null;--> statement-breakpoint
CREATE INDEX "clip_views_viewed_brin" ON "clip_views" USING brin ("viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dismissed_clips_user_key" ON "dismissed_clips" USING btree ("user_id","clip_id") WHERE "dismissed_clips"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "dismissed_clips_anonymous_key" ON "dismissed_clips" USING btree ("anonymous_id","clip_id") WHERE "dismissed_clips"."anonymous_id" is not null;--> statement-breakpoint
CREATE INDEX "dismissed_clips_created_idx" ON "dismissed_clips" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_affinities_user_key" ON "visitor_affinities" USING btree ("user_id","facet","item_id") WHERE "visitor_affinities"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_affinities_anonymous_key" ON "visitor_affinities" USING btree ("anonymous_id","facet","item_id") WHERE "visitor_affinities"."anonymous_id" is not null;--> statement-breakpoint
CREATE INDEX "visitor_affinities_updated_idx" ON "visitor_affinities" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_feed_settings_user_key" ON "visitor_feed_settings" USING btree ("user_id") WHERE "visitor_feed_settings"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_feed_settings_anonymous_key" ON "visitor_feed_settings" USING btree ("anonymous_id") WHERE "visitor_feed_settings"."anonymous_id" is not null;--> statement-breakpoint
CREATE INDEX "watch_events_user_idx" ON "watch_events" USING btree ("user_id","created_at" DESC NULLS FIRST) WHERE "watch_events"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "watch_events_anonymous_idx" ON "watch_events" USING btree ("anonymous_id","created_at" DESC NULLS FIRST) WHERE "watch_events"."anonymous_id" is not null;--> statement-breakpoint
CREATE INDEX "watch_events_clip_idx" ON "watch_events" USING btree ("clip_id","created_at");--> statement-breakpoint
CREATE INDEX "watch_events_created_brin" ON "watch_events" USING brin ("created_at");