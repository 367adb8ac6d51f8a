/**
 * Reads by key, shared between concurrent callers without ever answering from before the call: a caller's
 * keys join the next read that starts after it asked (one read in flight at a time), so a change committed
 * before a request arrives is always seen by that request, while under load one query serves every request
 * that arrived during the previous one (like the cache generation, app/lib/cache/generation.server.ts).
 */
export function freshBatch<K, V>(read: (keys: K[]) => Promise<Map<K, V>>): (keys: K[]) => Promise<Map<K, V>> {
  let waiting: { keys: K[]; resolve: (values: Map<K, V>) => void; reject: (error: unknown) => void }[] = [];
  let reading = false;

  const start = () => {
    if (reading || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    reading = true;
    read([...new Set(batch.flatMap((caller) => caller.keys))])
      .then(
        (values) => batch.forEach((caller) => caller.resolve(values)),
        (error: unknown) => batch.forEach((caller) => caller.reject(error)),
      )
      .finally(() => {
        reading = false;
        start();
      });
  };

  return (keys) =>
    new Promise((resolve, reject) => {
      waiting.push({ keys, resolve, reject });
      start();
    });
}
