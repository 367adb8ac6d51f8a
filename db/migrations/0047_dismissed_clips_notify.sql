-- Which clips a visitor marked "Not interested" is announced as it changes (a row added, taken back, expired, or
-- copied to an account on sign-in), so a process with synchronous notices (PGlite in process) keeps the dismissals of
-- the visitors it serves in memory, exact: a stored page checks its lead against them without a query per visit
-- (docs/database.md). Payload: "<+|-> <u|a>:<owner id> <clip id>", as on user_flames.
CREATE OR REPLACE FUNCTION "dismissed_clips_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		PERFORM pg_notify('dismissed_clips', '- ' || CASE WHEN OLD."user_id" IS NOT NULL THEN 'u:' || OLD."user_id" ELSE 'a:' || OLD."anonymous_id"::text END || ' ' || OLD."clip_id"::text);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM pg_notify('dismissed_clips', '+ ' || CASE WHEN NEW."user_id" IS NOT NULL THEN 'u:' || NEW."user_id" ELSE 'a:' || NEW."anonymous_id"::text END || ' ' || NEW."clip_id"::text);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dismissed_clips_notify" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "anonymous_id", "clip_id" ON "dismissed_clips" FOR EACH ROW EXECUTE FUNCTION "dismissed_clips_notify"();
