import type { RequestHandler } from "express";
import type { ServerResponse } from "node:http";
import { readCookie } from "../app/lib/cookies";
import { isLanguage, LANGUAGE_COOKIE, negotiateLanguage } from "../app/lib/i18n/languages";
import { serverT } from "../app/lib/i18n/server";
import type { Logger } from "../app/lib/logger.server";
import { pingWithin } from "./ping";

// While the database cannot be reached, pages and APIs answer 503 with the
// connectivity banner's own words instead of failing one by one with 500, and
// they recover by themselves when it is back (ADR 101, docs/product.md §4.3).

export interface OutageGate {
  /** Answers 503 while the database is known to be down; turns a 500 written meanwhile, or during a check, into 503. */
  middleware: RequestHandler;
  /**
   * What the middleware does to an answer it lets through, for one given outside Express (server/feed-fast-path.ts,
   * which leaves a request to Express while `isDown()`): a 500 written while down or checking becomes 503.
   */
  watch(res: ServerResponse): void;
  /** Something failed in a way that may mean the database is gone: check now. */
  suspect(): void;
  isDown(): boolean;
  stop(): void;
}

export function databaseOutageGate(ping: () => Promise<void>, log: Logger, recheckMs = 500): OutageGate {
  let down = false;
  let checking: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  const check = () => {
    checking ??= pingWithin(ping)
      .then(
        () => {
          if (down) log.warn("database reachable again");
          down = false;
        },
        (err: unknown) => {
          if (!down) log.error({ err }, "database unreachable: answering 503 until it is back");
          down = true;
          // Keep checking while down, so recovery needs no request and no restart.
          clearTimeout(timer);
          timer = setTimeout(check, recheckMs).unref();
        },
      )
      .finally(() => {
        checking = null;
      });
    return checking;
  };

  const watch = (res: ServerResponse) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      // An error answer written while the database is known to be down, or while a lost connection is being
      // checked (the request's own query met it), is an outage, not a bug.
      if (status === 500 && (down || checking)) {
        status = 503;
        this.statusMessage = "Service Unavailable";
        this.setHeader("Retry-After", "5");
        this.setHeader("Cache-Control", "no-store");
      }
      return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
    } as typeof res.writeHead;
    res.once("finish", () => {
      if (res.statusCode >= 500) void check();
    });
  };

  const middleware: RequestHandler = async (req, res, next) => {
    if (down) return void (await refuse(req.headers, req.originalUrl, res));
    watch(res);
    next();
  };

  return {
    middleware,
    watch,
    suspect: () => void check(),
    isDown: () => down,
    stop: () => clearTimeout(timer),
  };
}

async function refuse(headers: NodeJS.Dict<string | string[]>, url: string, res: Parameters<RequestHandler>[1]) {
  const query = new URL(url, "http://x").searchParams.get("lang");
  const cookie = typeof headers.cookie === "string" ? headers.cookie : undefined;
  const accept = typeof headers["accept-language"] === "string" ? headers["accept-language"] : null;
  const language = isLanguage(query) ? query : negotiateLanguage(readCookie(cookie, LANGUAGE_COOKIE), accept);
  const t = await serverT(language, "common");
  const title = t("connectivity.title");
  const message = t("connectivity.message");
  res.status(503).set({ "Retry-After": "5", "Cache-Control": "no-store" });
  const path = url.split("?")[0]!;
  if (path.startsWith("/api/") || path.endsWith(".data") || !String(headers.accept ?? "").includes("text/html")) {
    res.json({ error: message, title });
    return;
  }
  // Static text from our own locale files; nothing of the request is echoed.
  res
    .type("html")
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="10"><title>${title}</title></head><body><main role="alert"><h1>${title}</h1><p>${message}</p></main></body></html>`,
    );
}
