CREATE TABLE "creator_page_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"bio" text,
	"bio_es" text,
	"twitter_profile_url" text,
	"website_url" text,
	"avatar_key" text,
	"avatar_type" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "creator_page_edits_status_check" CHECK ("creator_page_edits"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "creator_page_edits" ADD CONSTRAINT "creator_page_edits_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_page_edits" ADD CONSTRAINT "creator_page_edits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_page_edits_waiting_key" ON "creator_page_edits" USING btree ("creator_id") WHERE "creator_page_edits"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "creator_page_edits_pending_idx" ON "creator_page_edits" USING btree ("created_at","id") WHERE "creator_page_edits"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "creator_page_edits_user_idx" ON "creator_page_edits" USING btree ("user_id");