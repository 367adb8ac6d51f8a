CREATE TABLE "creator_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_slug_redirects" ADD CONSTRAINT "creator_slug_redirects_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;