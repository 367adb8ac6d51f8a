CREATE TABLE "weekly_mail_subscriptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"time_zone" text NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_mail_subscriptions_language_check" CHECK ("weekly_mail_subscriptions"."language" in ('en', 'es'))
);
--> statement-breakpoint
ALTER TABLE "weekly_mail_subscriptions" ADD CONSTRAINT "weekly_mail_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weekly_mail_subscriptions_next_idx" ON "weekly_mail_subscriptions" USING btree ("next_at");