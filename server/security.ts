import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
  }
}

/** A fresh nonce per response for the inline scripts React Router emits. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

export function securityHeaders(options: { https: boolean; adScriptUrl?: string; devServer?: boolean }): RequestHandler {
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
