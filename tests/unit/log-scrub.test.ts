import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { createLogger, scrub } from "~/lib/logger.server";

describe("log scrubbing (docs/decisions/096-linear-log-scrubbing.md)", () => {
  it("removes addresses, URL-encoded ones included, and tokens", () => {
    expect(scrub("to a.b+c@example.co.uk and X@Y.ORG.")).toBe("to [email] and [email].");
    expect(scrub("/auth/sign-in?email=ana%40example.com&next=/")).toBe("/auth/sign-in?email=[email]&next=/");
    expect(scrub("/verify?token=abc123&callbackURL=/x")).toBe("/verify?token=[redacted]&callbackURL=[redacted]");
    expect(scrub("x@y@example.com")).toBe("x@[email]");
  });

  it("scrubs the string fields of a log line, and keeps secret fields censored", () => {
    const lines: Record<string, unknown>[] = [];
    const log = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
    log.info({ path: "/u/ana@example.com", url: "/x?token=abc", email: "ana@example.com", n: 3 }, "for bob@example.com");
    expect(lines[0]).toMatchObject({ path: "/u/[email]", url: "/x?token=[redacted]", email: "[redacted]", n: 3, msg: "for [email]" });
  });

  it("leaves text without an address alone", () => {
    for (const text of ["@", "a@", "@b.com", "a@b", "a@b.c", "user@localhost", "a@.com", "a@b.1com"]) expect(scrub(text)).toBe(text);
  });

  it("scrubs a 1 MB URL full of @ in linear time: ten times the input, not a hundred times the time", async () => {
    // Runs of address characters between @ signs, each a hundredth of the URL: the old
    // pattern retried every start position of a run, so 10x the input cost ~100x the time.
    const url = (bytes: number) => "/search?q=" + `${"a".repeat(bytes / 100 - 1)}@`.repeat(100) + "&who=ana@example.com";
    // The 1 MB URL is timed against ten different 100 KB URLs, the same bytes in total:
    // one small input scrubbed again and again stays in the CPU cache and would flatter
    // the small side. Linear: a ratio near 1; quadratic: near 10.
    const smalls = Array.from({ length: 10 }, () => url(100_000));
    const large = [url(1_000_000)];
    const repeats = 3;
    const worker = new Worker(fileURLToPath(new URL("../support/scrub-timing-worker.mjs", import.meta.url)), {
      workerData: { groups: [smalls, large], repeats },
    });
    try {
      const timings = await new Promise<{ ms: number; emails: number }[]>((resolve, reject) => {
        const results: { ms: number; emails: number }[] = [];
        let deadline: NodeJS.Timeout | undefined;
        worker.on("error", reject);
        worker.on("message", (m: { index: number; ms: number; emails: number }) => {
          results[m.index] = m;
          if (m.index === 1) return void (clearTimeout(deadline), resolve(results));
          // A scrubber that needs more than 3x as long for the large input is stopped: the test fails.
          deadline = setTimeout(
            () => reject(new Error(`1 MB took over 3x ten 100 KB inputs (${m.ms.toFixed(1)} ms)`)),
            Math.max(3 * m.ms * repeats, 1000),
          );
        });
      });
      expect(timings.map((t) => t.emails)).toEqual([10, 1]);
      const ratio = timings[1]!.ms / timings[0]!.ms;
      console.info(`scrub: 10 x 100 KB ${timings[0]!.ms.toFixed(2)} ms, 1 MB ${timings[1]!.ms.toFixed(2)} ms, ratio ${ratio.toFixed(2)}`);
      expect(ratio).toBeLessThan(3);
    } finally {
      await worker.terminate();
    }
  }, 120_000);
});
