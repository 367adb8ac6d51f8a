-- docs/decisions/045-following-pglite-in-process.md: a changed or removed session or user is announced, so a process
-- whose notifications arrive before the writing statement returns (PGlite in process) may remember sign-in
-- lookups and drop one the moment it stops being true (sign-out, expiry refresh, account deletion).
CREATE OR REPLACE FUNCTION "session_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('session_changed', OLD."token");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "session_changed_notify" AFTER UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION "session_changed_notify"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('user_changed', OLD."id");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_changed_notify" AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION "user_changed_notify"();
