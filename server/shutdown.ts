import type { IncomingMessage, Server, ServerResponse } from "node:http";

export interface GracefulShutdown {
  /** The requests being answered now, as "METHOD path" (logged when the grace period runs out). */
  inFlight(): string[];
  /** Stops accepting connections; resolves once every request in flight is answered and every connection is closed. */
  close(): Promise<void>;
}

/**
 * `server.close()` plus `closeIdleConnections()` is not enough: a keep-alive connection whose answer
 * was still being written when the shutdown began becomes idle afterwards and then stays open for the
 * whole keep-alive time (65 s), so the server never finished closing. A compressed answer writes its
 * closing chunk after its head, so a client that stops the server as soon as it has the status hits
 * this (docs/reliability.md, Faults). Here every answer finished during the shutdown closes its
 * connection, and one that starts during it says `Connection: close`.
 */
export function gracefulShutdown(server: Server): GracefulShutdown {
  let closing = false;
  const answering = new Set<ServerResponse>();

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (closing) res.shouldKeepAlive = false;
    answering.add(res);
    res.once("close", () => {
      answering.delete(res);
      // The connection is idle now that its answer is done (Node detached it before "close").
      if (closing) server.closeIdleConnections();
    });
  });

  return {
    inFlight: () => [...answering].map((res) => `${res.req.method} ${res.req.url?.split("?")[0]}`),
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const res of answering) if (!res.headersSent) res.shouldKeepAlive = false;
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
