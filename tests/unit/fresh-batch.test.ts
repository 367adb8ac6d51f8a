import { describe, expect, it } from "vitest";
import { freshBatch } from "~/lib/cache/fresh-batch.server";

// Reads shared between concurrent callers, never from before the call (app/lib/cache/fresh-batch.server.ts).

function deferredReads() {
  const reads: { keys: string[]; startedAt: number; finish: (value: number) => void; fail: (error: Error) => void }[] = [];
  let clock = 0;
  const read = (keys: string[]) =>
    new Promise<Map<string, number>>((resolve, reject) => {
      const startedAt = ++clock;
      reads.push({
        keys,
        startedAt,
        finish: (value) => resolve(new Map(keys.map((key) => [key, value]))),
        fail: reject,
      });
    });
  return { reads, read, tick: () => ++clock };
}

describe("fresh batch", () => {
  it("answers every caller from a read that started after it asked, sharing reads under load", async () => {
    const { reads, read, tick } = deferredReads();
    const counts = freshBatch(read);
    const first = counts(["a"]);
    expect(reads).toHaveLength(1);
    // Asked while the first read runs: they must not get its (possibly older) answer.
    const askedAt = tick();
    const second = counts(["b", "a"]);
    const third = counts(["c"]);
    expect(reads).toHaveLength(1);
    reads[0]!.finish(1);
    expect(await first).toEqual(new Map([["a", 1]]));
    await Promise.resolve();
    // One read for both, started after they asked, with the union of their keys.
    expect(reads).toHaveLength(2);
    expect(reads[1]!.startedAt).toBeGreaterThan(askedAt);
    expect(reads[1]!.keys.sort()).toEqual(["a", "b", "c"]);
    reads[1]!.finish(2);
    expect((await second).get("b")).toBe(2);
    expect((await third).get("c")).toBe(2);
  });

  it("hands a failed read's error to its callers and goes on with the next", async () => {
    const { reads, read } = deferredReads();
    const counts = freshBatch(read);
    const failing = counts(["a"]);
    const next = counts(["b"]);
    reads[0]!.fail(new Error("database gone"));
    await expect(failing).rejects.toThrow("database gone");
    await Promise.resolve();
    reads[1]!.finish(3);
    expect((await next).get("b")).toBe(3);
  });
});
