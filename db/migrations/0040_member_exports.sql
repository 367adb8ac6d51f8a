CREATE TABLE "member_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"brand" text NOT NULL,
	"json" text,
	"csv" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "member_exports_brand_check" CHECK ("member_exports"."brand" in ('adult', 'conscious'))
);
--> statement-breakpoint
ALTER TABLE "member_exports" ADD CONSTRAINT "member_exports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_exports_user_idx" ON "member_exports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_exports_created_idx" ON "member_exports" USING btree ("created_at");