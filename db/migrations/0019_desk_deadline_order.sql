DROP INDEX "contact_messages_deadline_idx";--> statement-breakpoint
DROP INDEX "content_claims_deadline_idx";--> statement-breakpoint
DROP INDEX "content_reports_deadline_idx";--> statement-breakpoint
DROP INDEX "content_submissions_deadline_idx";--> statement-breakpoint
DROP INDEX "partnership_applications_deadline_idx";--> statement-breakpoint
CREATE INDEX "contact_messages_open_deadline_idx" ON "contact_messages" USING btree (("deadline_at" is null),"deadline_at","created_at","id") WHERE "contact_messages"."status" = 'open';--> statement-breakpoint
CREATE INDEX "content_claims_open_deadline_idx" ON "content_claims" USING btree (("deadline_at" is null),"deadline_at","created_at","id") WHERE "content_claims"."status" = 'open';--> statement-breakpoint
CREATE INDEX "content_reports_open_deadline_idx" ON "content_reports" USING btree (("deadline_at" is null),"deadline_at","created_at","id") WHERE "content_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "content_submissions_open_deadline_idx" ON "content_submissions" USING btree (("deadline_at" is null),"deadline_at","created_at","id") WHERE "content_submissions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "partnership_applications_open_deadline_idx" ON "partnership_applications" USING btree (("deadline_at" is null),"deadline_at","created_at","id") WHERE "partnership_applications"."status" = 'open';