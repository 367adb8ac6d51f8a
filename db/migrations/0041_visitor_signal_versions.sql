CREATE TABLE "visitor_signal_versions" (
	"user_id" text,
	"anonymous_id" uuid,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "visitor_signal_versions_one_owner" CHECK (num_nonnulls("visitor_signal_versions"."user_id", "visitor_signal_versions"."anonymous_id") = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_signal_versions_user_key" ON "visitor_signal_versions" USING btree ("user_id") WHERE "visitor_signal_versions"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_signal_versions_anonymous_key" ON "visitor_signal_versions" USING btree ("anonymous_id") WHERE "visitor_signal_versions"."anonymous_id" is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "visitor_signal_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One bump per visitor whose rows the statement changed, in key order (concurrent commits never wait in a cycle).
  INSERT INTO "visitor_signal_versions" AS v ("user_id")
    SELECT DISTINCT "user_id" FROM changed_rows WHERE "user_id" IS NOT NULL ORDER BY 1
    ON CONFLICT ("user_id") WHERE "user_id" IS NOT NULL DO UPDATE SET "version" = v."version" + 1;
  INSERT INTO "visitor_signal_versions" AS v ("anonymous_id")
    SELECT DISTINCT "anonymous_id" FROM changed_rows WHERE "anonymous_id" IS NOT NULL ORDER BY 1
    ON CONFLICT ("anonymous_id") WHERE "anonymous_id" IS NOT NULL DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "visitor_affinities_version_insert" AFTER INSERT ON "visitor_affinities" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "visitor_signal_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "visitor_affinities_version_update" AFTER UPDATE ON "visitor_affinities" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "visitor_signal_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "visitor_affinities_version_delete" AFTER DELETE ON "visitor_affinities" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "visitor_signal_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "dismissed_clips_version_insert" AFTER INSERT ON "dismissed_clips" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "visitor_signal_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "dismissed_clips_version_delete" AFTER DELETE ON "dismissed_clips" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "visitor_signal_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "watch_events_version_delete" AFTER DELETE ON "watch_events" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "visitor_signal_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "watch_events_version_update" AFTER UPDATE ON "watch_events" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "visitor_signal_versions_bump"();
