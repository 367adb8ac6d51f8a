import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { microCache } from "../../server/micro-cache";

// Filling the micro-cache with cache-busting query strings (2 000 entries × 512 KB) must not be possible: it is
// bounded in bytes, and only the query parameters the pages read are part of a key.

const PAGE_BYTES = 100 * 1024;

describe("micro-cache bounds", () => {
  let url: string;
  let close: () => void;
  let renders = 0;

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = "";
      res.locals.visitor = {
        brandMode: "adult",
        language: "en",
        audience: "all",
        ageVerified: true,
        ageGateEnabled: true,
        isLoopback: true,
      };
      next();
    });
    app.use(
      microCache({
        generation: { current: async () => 1 },
        ttlMs: 60_000,
        flamedAmong: async () => new Set(),
        maxTotalBytes: 3 * PAGE_BYTES + 1024,
      }),
    );
    app.get("/video/:slug", (req, res) => {
      renders++;
      res
        .status(200)
        .type("html")
        .send(`<p>${req.params.slug}</p>${"x".repeat(PAGE_BYTES)}`);
    });
    app.get("/search", (_req, res) => {
      renders++;
      res.status(200).type("html").send("<p>search</p>");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const cacheOf = async (path: string) =>
    (await fetch(url + path, { headers: { cookie: "age_verified=true" } })).headers.get("x-micro-cache");

  it("keeps no more bytes than its bound: the oldest pages leave first", async () => {
    for (const slug of ["a", "b", "c", "d", "e"]) expect(await cacheOf(`/video/${slug}`)).toBe("miss");
    expect(await cacheOf("/video/e")).toBe("hit");
    expect(await cacheOf("/video/d")).toBe("hit");
    // Five pages of 100 KB do not fit in 301 KB: the first ones were dropped.
    expect(await cacheOf("/video/a")).toBe("miss");
  });

  it("stores no page asked for with a query parameter the pages do not read", async () => {
    renders = 0;
    for (let i = 0; i < 5; i++) expect(await cacheOf(`/search?q=tag&bust=${i}`)).not.toBe("hit");
    expect(await cacheOf("/search?q=tag&bust=0")).not.toBe("hit");
    expect(renders).toBe(6);
  });

  it("keys the parameters a page reads in one order", async () => {
    expect(await cacheOf("/search?q=walk&page=2")).toBe("miss");
    expect(await cacheOf("/search?page=2&q=walk")).toBe("hit");
  });
});
