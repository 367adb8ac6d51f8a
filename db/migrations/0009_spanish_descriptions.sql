ALTER TABLE "clips" ADD COLUMN "description_es" text;--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "bio_es" text;