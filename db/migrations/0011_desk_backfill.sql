-- Items received before the desk kept deadlines and decision times: reports and removal claims keep
-- the 48-hour clock they were shown with, and decided items count from their last change.
UPDATE "content_reports" SET "deadline_at" = "created_at" + interval '48 hours' WHERE "deadline_at" IS NULL;--> statement-breakpoint
UPDATE "content_claims" SET "deadline_at" = "created_at" + interval '48 hours' WHERE "deadline_at" IS NULL AND "position" = 'removal';--> statement-breakpoint
UPDATE "content_submissions" SET "decided_at" = "updated_at" WHERE "decided_at" IS NULL AND "status" <> 'open';--> statement-breakpoint
UPDATE "content_reports" SET "decided_at" = "updated_at" WHERE "decided_at" IS NULL AND "status" <> 'open';--> statement-breakpoint
UPDATE "content_claims" SET "decided_at" = "updated_at" WHERE "decided_at" IS NULL AND "status" <> 'open';--> statement-breakpoint
UPDATE "contact_messages" SET "decided_at" = "updated_at" WHERE "decided_at" IS NULL AND "status" <> 'open';--> statement-breakpoint
UPDATE "partnership_applications" SET "decided_at" = "updated_at" WHERE "decided_at" IS NULL AND "status" <> 'open';
