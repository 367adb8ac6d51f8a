-- A visitor's feed state — the order they chose and the version of what the feed knows of them — is announced as it
-- changes, so a process with synchronous notices (PGlite in process) keeps the states of the visitors it serves in
-- memory, exact: a returning visitor's page then needs no statement to know whether their kept ranking still holds
-- (docs/database.md). Announced only to a session that asked (`spicy.feed_state_notices` = 'on'): on PostgreSQL nothing
-- listens, and the signal writer's commits would take the notification queue's lock for nothing.
-- Payload: "<u|a>:<owner id>".
CREATE OR REPLACE FUNCTION "feed_state_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('spicy.feed_state_notices', true), '') <> 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		PERFORM pg_notify('feed_states', CASE WHEN OLD."user_id" IS NOT NULL THEN 'u:' || OLD."user_id" ELSE 'a:' || OLD."anonymous_id"::text END);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM pg_notify('feed_states', CASE WHEN NEW."user_id" IS NOT NULL THEN 'u:' || NEW."user_id" ELSE 'a:' || NEW."anonymous_id"::text END);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "visitor_signal_versions_notify" AFTER INSERT OR DELETE OR UPDATE ON "visitor_signal_versions" FOR EACH ROW EXECUTE FUNCTION "feed_state_notify"();
--> statement-breakpoint
CREATE TRIGGER "visitor_feed_settings_notify" AFTER INSERT OR DELETE OR UPDATE ON "visitor_feed_settings" FOR EACH ROW EXECUTE FUNCTION "feed_state_notify"();
