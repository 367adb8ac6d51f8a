import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "~/lib/http/low-priority-module-preloads.server";

/** Writes the chunks through the transform and returns what comes out. */
async function through(chunks: (string | Buffer)[]): Promise<string> {
  const stream = lowPriorityModulePreloads();
  const out: Buffer[] = [];
  stream.on("data", (b: Buffer) => out.push(b));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  stream.end();
  await ended;
  return Buffer.concat(out).toString("utf8");
}

const HEAD =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/first-load.js" nonce="abc"/></head>';
const BODY = '<body><p>Straße — ünïcode ✓</p><pre>&lt;link rel="modulepreload"</pre><link rel="modulepreload" href="/x.js"/></body></html>';
const EXPECTED_HEAD = HEAD.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("lowPriorityModulePreloads", () => {
  it("marks the head's modulepreload links fetchpriority=low, keeping their nonce and leaving the body alone", async () => {
    expect(await through([HEAD + BODY])).toBe(EXPECTED_HEAD + BODY);
  });

  it("finds a tag cut between chunks, at every cut, and keeps multi-byte characters cut by a chunk's end", async () => {
    const bytes = Buffer.from(HEAD + BODY);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(EXPECTED_HEAD + BODY);
    }
  });

  it("passes a document without a head end through, marking its links", async () => {
    expect(await through(['<link rel="modulepreload" href="/a.js"/>', "<link rel="])).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel=',
    );
  });
});
