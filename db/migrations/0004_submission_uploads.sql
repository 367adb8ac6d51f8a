ALTER TABLE "content_submissions" ADD COLUMN "upload_key" text;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "upload_kind" text;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "upload_type" text;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "upload_bytes" integer;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "upload_name" text;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "published_clip_id" uuid;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD CONSTRAINT "content_submissions_published_clip_id_clips_id_fk" FOREIGN KEY ("published_clip_id") REFERENCES "public"."clips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD CONSTRAINT "content_submissions_upload_kind_check" CHECK ("content_submissions"."upload_kind" in ('video', 'image'));