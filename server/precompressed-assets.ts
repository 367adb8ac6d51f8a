import { readdirSync } from "node:fs";
import type { RequestHandler } from "express";

// The browser build's files carry Brotli and gzip copies made at build time (scripts/precompress-assets.ts,
// docs/decisions/240-assets-precompressed.md). A request for one that accepts either is sent that copy as it
// stands, by the static handler behind this one; the compression middleware leaves an answer that already has a
// Content-Encoding alone.

type Encoding = "br" | "gzip";
const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** The q-value `accept` gives `name` (0 when absent or refused); `*` stands for any coding not named. */
export function acceptsCoding(accept: string, name: string): number {
  let star = 0;
  for (const part of accept.split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = q === undefined ? 1 : Number(q.slice(2));
    const weight = Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
    if (token.trim() === name) return weight;
    if (token.trim() === "*") star = weight;
  }
  return star;
}

/** Brotli when accepted at least as much as gzip, else gzip, else none: of the copies that `file` has. */
export function chooseEncoding(accept: string | undefined, copies: ReadonlySet<Encoding>): Encoding | null {
  if (!accept) return null;
  const br = copies.has("br") ? acceptsCoding(accept, "br") : 0;
  const gzip = copies.has("gzip") ? acceptsCoding(accept, "gzip") : 0;
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return null;
}

/** Mounted at `/assets` before the static handler of `dir`. The copies are listed once: a build never changes under a running server. */
export function precompressedAssets(dir: string): RequestHandler {
  const copies = new Map<string, Set<Encoding>>();
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    // No build folder yet (a test app without one): nothing is precompressed.
  }
  for (const name of names)
    for (const encoding of Object.keys(SUFFIX) as Encoding[])
      if (name.endsWith(SUFFIX[encoding])) {
        const original = name.slice(0, -SUFFIX[encoding].length);
        copies.set(original, (copies.get(original) ?? new Set()).add(encoding));
      }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const has = copies.get(name);
    if (!has) return next();
    // Caches keep one answer per coding, whichever this request gets.
    res.vary("Accept-Encoding");
    const encoding = chooseEncoding(req.headers["accept-encoding"], has);
    if (!encoding) return next();
    // The original's type (the static handler keeps a Content-Type already set), the copy's bytes.
    res.type(name);
    res.setHeader("Content-Encoding", encoding);
    req.url = `/${name}${SUFFIX[encoding]}`;
    next();
  };
}
