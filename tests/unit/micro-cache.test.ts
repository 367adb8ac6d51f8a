import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { microCache, offsetsOf, withNonce } from "../../server/micro-cache";

// The micro-cache renders a page once for a burst of anonymous visitors (ADR 032): those who arrive while it
// is being rendered wait for it and get the stored page.

describe("micro-cache under a burst", () => {
  let url: string;
  let close: () => void;
  let renders = 0;
  let generation = 1;

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce-${Math.random()}`;
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
    app.use(microCache({ generation: { current: async () => generation }, ttlMs: 60_000, flamedAmong: async () => new Set() }));
    app.get("/video/:slug", (req, res) => {
      renders++;
      const status = req.params.slug === "missing" ? 404 : 200;
      // The page depends on Save-Data as the real shell does: its lead clip starts on the smallest rendition.
      const saver = req.headers["save-data"] === "on" ? " saver" : "";
      setTimeout(() => res.status(status).type("html").send(`<p>${req.params.slug}${saver} ${res.locals.cspNonce}</p>`), 50);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const burst = (path: string) =>
    Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(url + path, { headers: { cookie: "age_verified=true" } }).then(async (res) => ({
          cache: res.headers.get("x-micro-cache"),
          body: await res.text(),
          status: res.status,
        })),
      ),
    );

  it("renders a page once for visitors who arrive while it is rendered", async () => {
    renders = 0;
    const answers = await burst("/video/burst");
    expect(renders).toBe(1);
    expect(answers.filter((a) => a.cache === "hit")).toHaveLength(9);
    // Each stored copy carries its own response's nonce.
    expect(new Set(answers.map((a) => a.body)).size).toBe(10);
  });

  it("renders again for visitors who asked after the catalogue changed", async () => {
    renders = 0;
    await burst("/video/changing");
    generation++;
    await burst("/video/changing");
    expect(renders).toBe(2);
  });

  it("lets every visitor render a page that is not stored", async () => {
    renders = 0;
    const answers = await burst("/video/missing");
    expect(answers.every((a) => a.status === 404)).toBe(true);
    expect(renders).toBeGreaterThan(1);
  });

  it("keeps the page rendered for a browser asking to save data apart from everyone else's", async () => {
    const page = (saveData: boolean) =>
      fetch(`${url}/video/lead`, { headers: { cookie: "age_verified=true", ...(saveData ? { "save-data": "on" } : {}) } }).then((res) =>
        res.text(),
      );
    expect(await page(false)).toMatch(/^<p>lead nonce/);
    expect(await page(true)).toMatch(/^<p>lead saver nonce/);
    expect(await page(false)).toMatch(/^<p>lead nonce/);
  });
});

describe("a stored page's nonce", () => {
  // Multi-byte text before and between the nonces: byte offsets, not character offsets.
  const page = (nonce: string) => `<p>Búsqueda ✓ 🔥</p><script nonce="${nonce}"></script><p>Ñandú</p><style nonce="${nonce}"></style>`;
  const stored = (nonce: string) => {
    const body = Buffer.from(page(nonce));
    return { body, nonce, nonceAt: offsetsOf(body, nonce) };
  };

  it("is found at each of its places and swapped for this response's, the rest unchanged", () => {
    const entry = stored("AAAAAAAAAAAAAAAAAAAAAA==");
    expect(entry.nonceAt).toHaveLength(2);
    expect(withNonce(entry, "bbbbbbbbbbbbbbbbbbbbbb==").toString("utf8")).toBe(page("bbbbbbbbbbbbbbbbbbbbbb=="));
    // The stored bytes are not written over: the next visitor gets their own nonce in the same page.
    expect(withNonce(entry, "cccccccccccccccccccccc==").toString("utf8")).toBe(page("cccccccccccccccccccccc=="));
  });

  it("of another length is swapped too, and a page without one is served as stored", () => {
    expect(withNonce(stored("short"), "a-longer-nonce").toString("utf8")).toBe(page("a-longer-nonce"));
    const plain = { body: Buffer.from("<p>no scripts</p>"), nonce: "", nonceAt: [] };
    expect(withNonce(plain, "whatever")).toBe(plain.body);
  });
});
