import type { RequestHandler } from "express";
import { pingWithin } from "./ping";

/** 200 when the database answers within two seconds, 503 otherwise. */
export function healthz(ping: () => Promise<void>): RequestHandler {
  return async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await pingWithin(ping);
      res.status(200).json({ status: "ok", database: "ok" });
    } catch {
      res.status(503).json({ status: "unavailable", database: "unreachable" });
    }
  };
}
