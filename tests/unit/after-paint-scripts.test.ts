import { describe, expect, it } from "vitest";
import { afterPaintScripts, INERT_TYPE } from "~/lib/http/after-paint-scripts.server";

/** Writes the chunks through the transform and returns what comes out. */
async function through(chunks: (string | Buffer)[]): Promise<string> {
  const stream = afterPaintScripts();
  const out: Buffer[] = [];
  stream.on("data", (b: Buffer) => out.push(b));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  stream.end();
  await ended;
  return Buffer.concat(out).toString("utf8");
}

// The shape of React Router's <Scripts> output as React renders it.
const HEAD =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/first-load.js" nonce="abc"/><title>a &lt; b</title></head>';
const BODY_START = '<body><p>Straße — ünïcode ✓ a < b</p><script nonce="abc">window.__reactRouterContext = {};</script>';
const BOOTSTRAP_TEXT =
  'import * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.js");';
const BOOTSTRAP = `<script nonce="abc" type="module" async="">${BOOTSTRAP_TEXT}</script>`;
const BODY_END = '<!--$--><script nonce="abc">enqueue("<\\/script>")</script><!--/$--></body></html>';
const PAGE = HEAD + BODY_START + BOOTSTRAP + BODY_END;

describe("afterPaintScripts", () => {
  it("takes the modulepreload links out of the head, makes the bootstrap inert and starts it after the first paint", async () => {
    const out = await through([PAGE]);
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(head).toBe('<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/><title>a &lt; b</title>');
    // Nothing in the page is a module script any more; the bootstrap keeps its nonce and its text.
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).toContain(`<script nonce="abc" type="${INERT_TYPE}" async="">${BOOTSTRAP_TEXT}</script><script nonce="abc">(function(){`);
    // The starter knows the preloads and waits for the first contentful paint.
    const starter = /<script nonce="abc">(\(function\(\)\{.*?)<\/script>/.exec(out)![1]!;
    expect(starter).toContain('["/assets/entry.js","/assets/first-load.js"]');
    expect(starter).toContain("first-contentful-paint");
    expect(out.endsWith(BODY_END)).toBe(true);
    expect(out.replace(/<script nonce="abc">\(function\(\)\{.*?<\/script>/, "")).toBe(
      PAGE.replace(/<link rel="modulepreload"[^>]*>/g, "").replace('type="module"', `type="${INERT_TYPE}"`),
    );
  });

  it("gives the same document at every cut between two chunks, keeping multi-byte characters cut by a chunk's end", async () => {
    const whole = await through([PAGE]);
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toBe(whole);
    }
  });

  it("gives the same document when written a byte at a time", async () => {
    const bytes = Buffer.from(PAGE);
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(await through([PAGE]));
  });

  it("passes a document without a bootstrap script through, without its head's modulepreload links", async () => {
    expect(await through([HEAD + "<body><p>x</p></body></html>"])).toBe(
      HEAD.replace(/<link rel="modulepreload"[^>]*>/g, "") + "<body><p>x</p></body></html>",
    );
  });

  it("escapes a `<` in an address so that it cannot close the starter", async () => {
    const out = await through(['<head><link rel="modulepreload" href="/a&lt;/script&gt;.js?x=1&amp;y=2"/></head>' + BOOTSTRAP]);
    expect(out).toContain('["/a\\u003c/script>.js?x=1&y=2"]');
  });
});
