import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RequestHandler } from "express";
import type { BrandMode } from "../app/lib/brand-mode";

const ICONS = fileURLToPath(new URL("../public/icons/", import.meta.url));

/**
 * The icons browsers ask for at fixed paths without reading the page (`/favicon.ico`, `/apple-touch-icon.png`):
 * the brand of the host's, so the companion site never shows the adult mark (docs/decisions/141-installable-per-brand.md).
 */
export function brandIcons(brandModeOf: (req: Parameters<RequestHandler>[0]) => BrandMode): RequestHandler {
  const files: Record<string, (brand: BrandMode) => string> = {
    "/favicon.ico": (brand) => `${brand}.ico`,
    "/apple-touch-icon.png": (brand) => `${brand}-apple-touch-180.png`,
    "/apple-touch-icon-precomposed.png": (brand) => `${brand}-apple-touch-180.png`,
  };
  return (req, res, next) => {
    const file = req.method === "GET" || req.method === "HEAD" ? files[req.path] : undefined;
    if (!file) return next();
    res.sendFile(path.join(ICONS, file(brandModeOf(req))), { maxAge: "1d", headers: { Vary: "Host" } }, (err) => err && next(err));
  };
}
