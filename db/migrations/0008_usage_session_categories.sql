CREATE TABLE "usage_session_categories" (
	"session_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"seconds" integer NOT NULL,
	CONSTRAINT "usage_session_categories_session_id_category_id_pk" PRIMARY KEY("session_id","category_id"),
	CONSTRAINT "usage_session_categories_seconds_check" CHECK ("usage_session_categories"."seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "usage_session_categories" ADD CONSTRAINT "usage_session_categories_session_id_usage_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."usage_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_session_categories" ADD CONSTRAINT "usage_session_categories_category_id_video_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."video_categories"("id") ON DELETE cascade ON UPDATE no action;