CREATE TABLE "clip_daily_stats" (
	"clip_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"flames" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "clip_daily_stats_clip_id_day_pk" PRIMARY KEY("clip_id","day")
);
--> statement-breakpoint
CREATE TABLE "creator_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "creator_claims_status_check" CHECK ("creator_claims"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "creator_daily_stats" (
	"creator_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"flames" integer DEFAULT 0 NOT NULL,
	"follows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_daily_stats_creator_id_day_pk" PRIMARY KEY("creator_id","day")
);
--> statement-breakpoint
ALTER TABLE "clip_daily_stats" ADD CONSTRAINT "clip_daily_stats_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_claims" ADD CONSTRAINT "creator_claims_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_claims" ADD CONSTRAINT "creator_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_daily_stats" ADD CONSTRAINT "creator_daily_stats_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_claims_creator_user_key" ON "creator_claims" USING btree ("creator_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_claims_owner_key" ON "creator_claims" USING btree ("creator_id") WHERE "creator_claims"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "creator_claims_user_idx" ON "creator_claims" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_claims_pending_idx" ON "creator_claims" USING btree ("created_at","id") WHERE "creator_claims"."status" = 'pending';
--> statement-breakpoint
-- The creator dashboard's daily counters (docs/database.md, ADR 171): moved by the statement that counts a view, gives a
-- flame or adds a follow, one upsert per statement, rows taken in key order so concurrent writers never wait in a cycle.
CREATE OR REPLACE FUNCTION "daily_views_add"("moved" jsonb) RETURNS void LANGUAGE sql AS $$
  WITH rows AS (
    SELECT (r->>'clip_id')::uuid AS clip_id, (r->>'creator_id')::uuid AS creator_id, (r->>'views')::bigint AS views
    FROM jsonb_array_elements("moved") AS r
  ), clip_rows AS (
    INSERT INTO "clip_daily_stats" AS d ("clip_id", "day", "views")
      SELECT clip_id, (now() at time zone 'UTC')::date, sum(views) FROM rows GROUP BY clip_id ORDER BY clip_id
      ON CONFLICT ("clip_id", "day") DO UPDATE SET "views" = d."views" + excluded."views"
    RETURNING 1
  )
  INSERT INTO "creator_daily_stats" AS d ("creator_id", "day", "views")
    SELECT creator_id, (now() at time zone 'UTC')::date, sum(views) FROM rows GROUP BY creator_id ORDER BY creator_id
    ON CONFLICT ("creator_id", "day") DO UPDATE SET "views" = d."views" + excluded."views";
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clip_stats_daily_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('clip_id', n.clip_id, 'creator_id', n.creator_id, 'views', n.views))
      INTO moved FROM new_rows n WHERE n.views <> 0;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('clip_id', n.clip_id, 'creator_id', n.creator_id, 'views', n.views - o.views))
      INTO moved FROM new_rows n JOIN old_rows o ON o.clip_id = n.clip_id WHERE n.views <> o.views;
  END IF;
  IF moved IS NOT NULL THEN
    PERFORM "daily_views_add"(moved);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "clip_stats_daily_insert" AFTER INSERT ON "clip_stats" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "clip_stats_daily_trigger"();
--> statement-breakpoint
CREATE TRIGGER "clip_stats_daily_update" AFTER UPDATE ON "clip_stats" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "clip_stats_daily_trigger"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_flames_daily_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH given AS (
    SELECT n.clip_id, c.creator_id FROM new_rows n JOIN "clips" c ON c.id = n.clip_id
  ), clip_rows AS (
    INSERT INTO "clip_daily_stats" AS d ("clip_id", "day", "flames")
      SELECT clip_id, (now() at time zone 'UTC')::date, count(*) FROM given GROUP BY clip_id ORDER BY clip_id
      ON CONFLICT ("clip_id", "day") DO UPDATE SET "flames" = d."flames" + excluded."flames"
    RETURNING 1
  )
  INSERT INTO "creator_daily_stats" AS d ("creator_id", "day", "flames")
    SELECT creator_id, (now() at time zone 'UTC')::date, count(*) FROM given GROUP BY creator_id ORDER BY creator_id
    ON CONFLICT ("creator_id", "day") DO UPDATE SET "flames" = d."flames" + excluded."flames";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_flames_daily" AFTER INSERT ON "user_flames" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_flames_daily_trigger"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "creator_follows_daily_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "creator_daily_stats" AS d ("creator_id", "day", "follows")
    SELECT creator_id, (now() at time zone 'UTC')::date, count(*) FROM new_rows GROUP BY creator_id ORDER BY creator_id
    ON CONFLICT ("creator_id", "day") DO UPDATE SET "follows" = d."follows" + excluded."follows";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "creator_follows_daily" AFTER INSERT ON "creator_follows" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "creator_follows_daily_trigger"();
