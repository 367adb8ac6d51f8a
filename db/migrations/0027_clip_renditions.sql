ALTER TABLE "clips" ADD COLUMN "renditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "storyboard" jsonb;--> statement-breakpoint
CREATE INDEX "clips_without_renditions_idx" ON "clips" USING btree ("id") WHERE "clips"."renditions" = '[]'::jsonb;