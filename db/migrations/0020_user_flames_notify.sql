-- ADR 045: which clips a flame owner has flamed is announced as it changes (a row given, taken back, or moved from an
-- anonymous id to an account on sign-in), so a process with synchronous notices (PGlite in process) keeps the
-- flamed clips of the owners it serves in memory, exact, instead of asking for every page. Payload:
-- "<+|-> <u|a>:<owner id> <clip id>".
CREATE OR REPLACE FUNCTION "user_flames_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		PERFORM pg_notify('user_flames', '- ' || CASE WHEN OLD."user_id" IS NOT NULL THEN 'u:' || OLD."user_id" ELSE 'a:' || OLD."anonymous_id"::text END || ' ' || OLD."clip_id"::text);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM pg_notify('user_flames', '+ ' || CASE WHEN NEW."user_id" IS NOT NULL THEN 'u:' || NEW."user_id" ELSE 'a:' || NEW."anonymous_id"::text END || ' ' || NEW."clip_id"::text);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_flames_notify" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "anonymous_id", "clip_id" ON "user_flames" FOR EACH ROW EXECUTE FUNCTION "user_flames_notify"();
