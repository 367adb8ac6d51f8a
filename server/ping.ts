/** How long the database has to answer a ping before it counts as unreachable. */
export const PING_TIMEOUT_MS = 2000;

/**
 * `ping()`, failing if it has not answered within `ms`. When the time is up the answer may already be waiting: an
 * event loop held up past `ms` (a long render on a loaded machine) runs its timers before it reads its sockets. The
 * verdict therefore waits for one turn of I/O (setImmediate runs after the poll phase), so an answer that came in
 * time is read first and only a ping that is still unanswered fails.
 */
export function pingWithin(ping: () => Promise<void>, ms = PING_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => setImmediate(() => reject(new Error("database ping timed out"))), ms);
    timer.unref();
  });
  return Promise.race([ping(), late]).finally(() => clearTimeout(timer));
}
