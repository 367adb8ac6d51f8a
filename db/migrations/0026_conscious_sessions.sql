CREATE TABLE "conscious_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conscious_pauses_outcome_check" CHECK ("conscious_pauses"."outcome" in ('closed', 'continued'))
);
--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD COLUMN "clips" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD COLUMN "mood_before_id" integer;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD COLUMN "intention_kind" text;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD COLUMN "intention_target" integer;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD COLUMN "extensions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD COLUMN "ended_by" text;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "conscious_pauses" ADD CONSTRAINT "conscious_pauses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conscious_pauses_user_idx" ON "conscious_pauses" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conscious_pauses_at_idx" ON "conscious_pauses" USING btree ("at");--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD CONSTRAINT "usage_sessions_mood_before_id_emotion_types_id_fk" FOREIGN KEY ("mood_before_id") REFERENCES "public"."emotion_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD CONSTRAINT "usage_sessions_intention_check" CHECK ("usage_sessions"."intention_kind" in ('clips', 'minutes', 'browse'));--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD CONSTRAINT "usage_sessions_ended_by_check" CHECK ("usage_sessions"."ended_by" in ('done', 'idle', 'ended'));