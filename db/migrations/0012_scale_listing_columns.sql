CREATE TABLE "catalogue_counts" (
	"creator_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"clips" integer DEFAULT 0 NOT NULL,
	"flames" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_counts_creator_id_audience_category_id_pk" PRIMARY KEY("creator_id","audience","category_id")
);
--> statement-breakpoint
CREATE TABLE "tag_counts" (
	"tag_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"category_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"clips" integer DEFAULT 0 NOT NULL,
	"flames" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tag_counts_tag_id_audience_category_id_creator_id_pk" PRIMARY KEY("tag_id","audience","category_id","creator_id")
);
--> statement-breakpoint
DROP INDEX "clips_creator_published_idx";--> statement-breakpoint
ALTER TABLE "clip_tags" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clip_tags" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clip_tags" ADD COLUMN "flames" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clip_tags" ADD COLUMN "audiences" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clip_tags" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "catalogue_counts" ADD CONSTRAINT "catalogue_counts_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_counts" ADD CONSTRAINT "catalogue_counts_category_id_video_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."video_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_counts" ADD CONSTRAINT "tag_counts_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_counts" ADD CONSTRAINT "tag_counts_category_id_video_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."video_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_counts" ADD CONSTRAINT "tag_counts_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;