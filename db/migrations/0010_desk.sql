CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"result" jsonb,
	"subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "clip_fingerprints" (
	"clip_id" uuid NOT NULL,
	"frame" smallint NOT NULL,
	"hash" bigint NOT NULL,
	"band0" integer NOT NULL,
	"band1" integer NOT NULL,
	"band2" integer NOT NULL,
	"band3" integer NOT NULL,
	CONSTRAINT "clip_fingerprints_clip_id_frame_pk" PRIMARY KEY("clip_id","frame")
);
--> statement-breakpoint
CREATE TABLE "fingerprinted_clips" (
	"clip_id" uuid PRIMARY KEY NOT NULL,
	"frames" integer NOT NULL,
	"fingerprinted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown_block_frames" (
	"block_id" uuid NOT NULL,
	"frame" smallint NOT NULL,
	"hash" bigint NOT NULL,
	"band0" integer NOT NULL,
	"band1" integer NOT NULL,
	"band2" integer NOT NULL,
	"band3" integer NOT NULL,
	CONSTRAINT "takedown_block_frames_block_id_frame_pk" PRIMARY KEY("block_id","frame")
);
--> statement-breakpoint
CREATE TABLE "takedown_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clip_id" uuid,
	"clip_title" text NOT NULL,
	"reason" text NOT NULL,
	"item_queue" text,
	"item_id" uuid,
	"state" text DEFAULT 'pending' NOT NULL,
	"frames" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	CONSTRAINT "takedown_blocks_reason_check" CHECK ("takedown_blocks"."reason" in ('removal_claim', 'report', 'copy')),
	CONSTRAINT "takedown_blocks_state_check" CHECK ("takedown_blocks"."state" in ('pending', 'active', 'lifted'))
);
--> statement-breakpoint
CREATE TABLE "takedown_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"block_id" uuid NOT NULL,
	"clip_id" uuid NOT NULL,
	"distance" real NOT NULL,
	"coverage" real NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "takedown_matches_state_check" CHECK ("takedown_matches"."state" in ('open', 'hidden', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(id::text, '') || ' ' || coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(subject, '') || ' ' || coalesce(message, ''))) STORED;--> statement-breakpoint
ALTER TABLE "content_claims" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_claims" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_claims" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_claims" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "content_claims" ADD COLUMN "basis" text;--> statement-breakpoint
ALTER TABLE "content_claims" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "content_claims" ADD COLUMN "good_faith" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_claims" ADD COLUMN "details" text;--> statement-breakpoint
ALTER TABLE "content_claims" ADD COLUMN "copyright_work" text;--> statement-breakpoint
ALTER TABLE "content_claims" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "content_claims" ADD COLUMN "accuracy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_claims" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(id::text, '') || ' ' || coalesce(content_url, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(signature, '') || ' ' || coalesce(details, '') || ' ' || coalesce(copyright_work, '') || ' ' || coalesce(address, ''))) STORED;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(id::text, '') || ' ' || coalesce(content_url, '') || ' ' || coalesce(description, '') || ' ' || coalesce(email, ''))) STORED;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(id::text, '') || ' ' || coalesce(creator_name, '') || ' ' || coalesce(category, '') || ' ' || coalesce(tags, '') || ' ' || coalesce(image_or_video_link, '') || ' ' || coalesce(sales_profile_link, '') || ' ' || coalesce(social_links, '') || ' ' || coalesce(email, '') || ' ' || coalesce(upload_name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "partnership_applications" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "partnership_applications" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partnership_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partnership_applications" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "partnership_applications" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(id::text, '') || ' ' || coalesce(sales_platform_url, '') || ' ' || coalesce(social_network_url, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) STORED;--> statement-breakpoint
ALTER TABLE "clip_fingerprints" ADD CONSTRAINT "clip_fingerprints_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fingerprinted_clips" ADD CONSTRAINT "fingerprinted_clips_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_block_frames" ADD CONSTRAINT "takedown_block_frames_block_id_takedown_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."takedown_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_blocks" ADD CONSTRAINT "takedown_blocks_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_matches" ADD CONSTRAINT "takedown_matches_block_id_takedown_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."takedown_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_matches" ADD CONSTRAINT "takedown_matches_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_at") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_state_created_idx" ON "jobs" USING btree ("state","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "jobs_subject_idx" ON "jobs" USING btree ("subject","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "clip_fingerprints_band0_idx" ON "clip_fingerprints" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "clip_fingerprints_band1_idx" ON "clip_fingerprints" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "clip_fingerprints_band2_idx" ON "clip_fingerprints" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "clip_fingerprints_band3_idx" ON "clip_fingerprints" USING btree ("band3");--> statement-breakpoint
CREATE INDEX "takedown_block_frames_band0_idx" ON "takedown_block_frames" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "takedown_block_frames_band1_idx" ON "takedown_block_frames" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "takedown_block_frames_band2_idx" ON "takedown_block_frames" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "takedown_block_frames_band3_idx" ON "takedown_block_frames" USING btree ("band3");--> statement-breakpoint
CREATE INDEX "takedown_blocks_clip_idx" ON "takedown_blocks" USING btree ("clip_id");--> statement-breakpoint
CREATE INDEX "takedown_blocks_created_idx" ON "takedown_blocks" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "takedown_matches_block_clip_key" ON "takedown_matches" USING btree ("block_id","clip_id");--> statement-breakpoint
CREATE INDEX "takedown_matches_state_created_idx" ON "takedown_matches" USING btree ("state","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_deadline_idx" ON "contact_messages" USING btree ("deadline_at") WHERE "contact_messages"."status" = 'open' and "contact_messages"."deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "contact_messages_decided_idx" ON "contact_messages" USING btree ("decided_at") WHERE "contact_messages"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "contact_messages_search_trgm_idx" ON "contact_messages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "content_claims_deadline_idx" ON "content_claims" USING btree ("deadline_at") WHERE "content_claims"."status" = 'open' and "content_claims"."deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "content_claims_decided_idx" ON "content_claims" USING btree ("decided_at") WHERE "content_claims"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "content_claims_search_trgm_idx" ON "content_claims" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "content_reports_deadline_idx" ON "content_reports" USING btree ("deadline_at") WHERE "content_reports"."status" = 'open' and "content_reports"."deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "content_reports_decided_idx" ON "content_reports" USING btree ("decided_at") WHERE "content_reports"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "content_reports_search_trgm_idx" ON "content_reports" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "content_submissions_deadline_idx" ON "content_submissions" USING btree ("deadline_at") WHERE "content_submissions"."status" = 'open' and "content_submissions"."deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "content_submissions_decided_idx" ON "content_submissions" USING btree ("decided_at") WHERE "content_submissions"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "content_submissions_search_trgm_idx" ON "content_submissions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partnership_applications_deadline_idx" ON "partnership_applications" USING btree ("deadline_at") WHERE "partnership_applications"."status" = 'open' and "partnership_applications"."deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "partnership_applications_decided_idx" ON "partnership_applications" USING btree ("decided_at") WHERE "partnership_applications"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "partnership_applications_search_trgm_idx" ON "partnership_applications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "content_claims" ADD CONSTRAINT "content_claims_basis_check" CHECK ("content_claims"."basis" in ('consent', 'copyright'));