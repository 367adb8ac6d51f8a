import type pg from "pg";

// PostgreSQL going away (stopped, restarted, a backend terminated) must reach the
// outage gate at once and never end the process (ADR 101). The pool reports only
// the idle connections it loses; a connection a request holds — inside a
// transaction, or under a running query — was unheard: its "error" event had no
// listener, which ends a Node process, and its failing query became a 500 before
// anyone checked the database (tests/integration/pg-connection-lost.test.ts).

/** SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, crashed, starting), and socket errors. */
export function isLostConnection(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === "string") {
    if (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03") return true;
    if (["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"].includes(code))
      return true;
  }
  return /Connection terminated|not queryable|timeout exceeded when trying to connect/i.test(error.message);
}

type Callback = (error: Error | null | undefined, ...rest: unknown[]) => void;

/** Calls `report` with every lost-connection error of the pool, before the query or connect that met it fails. */
export function reportLostConnections(pool: pg.Pool, report: (error: Error) => void) {
  const seen = (error: unknown) => {
    if (isLostConnection(error)) report(error as Error);
  };
  /** `fn(...args)` with a node-style callback last, or returning a promise: `seen` gets its failure first. */
  const watched =
    <F extends (...args: never[]) => unknown>(fn: F) =>
    (...args: unknown[]) => {
      const last = args.at(-1);
      if (typeof last === "function") {
        args[args.length - 1] = ((error, ...rest) => {
          if (error) seen(error);
          (last as Callback)(error, ...rest);
        }) satisfies Callback;
        return (fn as unknown as (...a: unknown[]) => unknown)(...args);
      }
      const result = (fn as unknown as (...a: unknown[]) => unknown)(...args);
      if (result instanceof Promise)
        return result.catch((error: unknown) => {
          seen(error);
          throw error;
        });
      return result;
    };

  // The pool re-emits an idle connection's error; the client's own listener below reports it.
  pool.on("error", () => {});
  // pool.query goes through pool.connect, so both report a server that refuses connections.
  pool.connect = watched(pool.connect.bind(pool)) as typeof pool.connect;
  pool.on("connect", (client) => {
    // Held or idle, a client that loses its connection emits "error": always heard.
    client.on("error", seen);
    client.query = watched(client.query.bind(client)) as typeof client.query;
  });
}
