-- A staff chat socket lives only as long as its session (decision 606). Whatever ends a
-- session or changes a user's access — sign-out, disabling, a role change, a password
-- change, the idle time-out, on any instance or from the shell — announces it on the
-- frontier_sessions channel, so every instance can close the sockets it holds at once.
CREATE OR REPLACE FUNCTION frontier_notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'auth_sessions' THEN
    PERFORM pg_notify('frontier_sessions', json_build_object('sessionId', OLD.id, 'userId', OLD.user_id)::text);
  ELSE
    PERFORM pg_notify('frontier_sessions', json_build_object('userId', NEW.id)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_ended AFTER DELETE ON auth_sessions
FOR EACH ROW EXECUTE FUNCTION frontier_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER auth_users_access_changed AFTER UPDATE OF role, banned ON auth_users
FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.banned IS DISTINCT FROM NEW.banned)
EXECUTE FUNCTION frontier_notify_session_change();
