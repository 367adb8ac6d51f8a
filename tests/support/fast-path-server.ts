import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback server that offers every request to a fast path first (server/media-fast-path.ts,
 * server/feed-fast-path.ts) and answers what it declines as a stand-in for Express: status 299, body "express".
 */
export async function serveFastPath(fast: (req: IncomingMessage, res: ServerResponse) => boolean) {
  const server = createServer((req, res) => {
    if (fast(req, res)) return;
    res.statusCode = 299;
    res.end("express");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
