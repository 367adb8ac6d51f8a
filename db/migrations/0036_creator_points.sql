CREATE TABLE "creator_point_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"points" integer NOT NULL,
	"clip_id" uuid,
	"submission_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_point_entries_reason_check" CHECK ("creator_point_entries"."reason" in ('upload', 'upload_long', 'link', 'ref_visit')),
	CONSTRAINT "creator_point_entries_points_check" CHECK ("creator_point_entries"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "creator_point_totals" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_ref_visits" (
	"day" date NOT NULL,
	"creator_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "creator_ref_visits_day_creator_id_visitor_pk" PRIMARY KEY("day","creator_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "creator_point_entries" ADD CONSTRAINT "creator_point_entries_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_point_entries" ADD CONSTRAINT "creator_point_entries_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_point_entries" ADD CONSTRAINT "creator_point_entries_submission_id_content_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."content_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_point_totals" ADD CONSTRAINT "creator_point_totals_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_ref_visits" ADD CONSTRAINT "creator_ref_visits_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_point_entries_creator_idx" ON "creator_point_entries" USING btree ("creator_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "creator_point_entries_submission_key" ON "creator_point_entries" USING btree ("submission_id") WHERE "creator_point_entries"."submission_id" is not null;--> statement-breakpoint
CREATE INDEX "creator_point_totals_points_idx" ON "creator_point_totals" USING btree ("points" DESC NULLS FIRST,"creator_id");