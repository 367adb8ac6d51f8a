import type { RequestHandler } from "express";
import type { ServerResponse } from "node:http";
import helmet from "helmet";
import { pooledRandom } from "../app/lib/random-pool.server";

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
  }
}

/** 16 random bytes never handed out before, in base64. */
export function freshNonce(): string {
  return pooledRandom(16, "base64");
}

/** A fresh nonce per response for the inline scripts React Router emits. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = freshNonce();
  next();
};

/** Stands for the response's nonce while helmet's headers are worked out once. */
const NONCE_SLOT = "\u0000nonce\u0000";

/**
 * helmet's headers, worked out once (its eleven middlewares cost a tenth of a cached page's time,
 * docs/performance.md § Throughput): every response gets the same headers, the CSP with its own nonce.
 */
export function securityHeaders(options: { https: boolean; adScriptUrl?: string; devServer?: boolean }): RequestHandler {
  const set = securityHeaderSetter(options);
  return (_req, res, next) => {
    set(res, res.locals.cspNonce);
    next();
  };
}

/** The same headers for a response answered outside Express (server/media-fast-path.ts), with `nonce` in the CSP. */
export function securityHeaderSetter(options: {
  https: boolean;
  adScriptUrl?: string;
  devServer?: boolean;
}): (res: Pick<ServerResponse, "setHeader">, nonce: string) => void {
  const headers = headersSetBy(helmetFor(options));
  return (res, nonce) => {
    for (const [name, value] of headers) res.setHeader(name, typeof value === "string" ? value : value.join(nonce));
  };
}

/** The headers a middleware sets on a response, with the nonce's place kept open (as the parts around it). */
function headersSetBy(middleware: RequestHandler): [string, string | string[]][] {
  const headers: [string, string | string[]][] = [];
  const res = {
    locals: { cspNonce: NONCE_SLOT },
    setHeader: (name: string, value: string) => void headers.push([name, value.includes(NONCE_SLOT) ? value.split(NONCE_SLOT) : value]),
    removeHeader: () => undefined,
  };
  let called = false;
  middleware({} as Parameters<RequestHandler>[0], res as unknown as Parameters<RequestHandler>[1], () => (called = true));
  if (!called) throw new Error("the security headers' middleware did not finish synchronously");
  return headers;
}

function helmetFor(options: { https: boolean; adScriptUrl?: string; devServer?: boolean }): RequestHandler {
  const adOrigin = options.adScriptUrl ? new URL(options.adScriptUrl).origin : null;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The ad network is allowed only when AD_SCRIPT_URL is configured (ADR 060).
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
          ...(adOrigin ? [adOrigin] : []),
          ...(options.devServer ? ["'unsafe-inline'"] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...(adOrigin ? [adOrigin] : [])],
        mediaSrc: ["'self'", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(options.devServer ? ["ws:", "wss:"] : []), ...(adOrigin ? [adOrigin] : [])],
        frameSrc: adOrigin ? [adOrigin] : ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
    // HSTS only where the public origin really is HTTPS: never pin localhost.
    strictTransportSecurity: options.https ? { maxAge: 63072000, includeSubDomains: true } : false,
  });
}
