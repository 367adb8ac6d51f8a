import { afterEach, describe, expect, it, vi } from "vitest";
import { Memo } from "~/lib/cache/memo.server";

describe("Memo", () => {
  afterEach(() => vi.useRealTimers());

  it("waits for a new value once an entry is past its age, without refreshAside", async () => {
    vi.useFakeTimers();
    const memo = new Memo<number>({ ttlMs: 1_000, maxEntries: 10 });
    expect(await memo.get("k", 1, async () => 1)).toBe(1);
    vi.advanceTimersByTime(1_001);
    expect(await memo.get("k", 1, async () => 2)).toBe(2);
  });

  it("with refreshAside, serves the kept value while one refresh runs, then the refreshed one", async () => {
    vi.useFakeTimers();
    const memo = new Memo<number>({ ttlMs: 1_000, maxEntries: 10, refreshAside: true });
    expect(await memo.get("k", 1, async () => 1)).toBe(1);
    vi.advanceTimersByTime(1_001);
    let finish: (value: number) => void = () => {};
    const compute = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    expect(await memo.get("k", 1, compute)).toBe(1);
    expect(await memo.get("k", 1, compute)).toBe(1);
    expect(compute).toHaveBeenCalledTimes(1);
    finish(2);
    await Promise.resolve();
    await Promise.resolve();
    expect(await memo.get("k", 1, async () => 3)).toBe(2);
  });

  it("with refreshAside, waits for the new value when the generation moved", async () => {
    vi.useFakeTimers();
    const memo = new Memo<number>({ ttlMs: 1_000, maxEntries: 10, refreshAside: true });
    expect(await memo.get("k", 1, async () => 1)).toBe(1);
    expect(await memo.get("k", 2, async () => 2)).toBe(2);
    vi.advanceTimersByTime(1_001);
    // A refresh that fails keeps the entry, and the next request past its age tries again.
    expect(await memo.get("k", 2, async () => Promise.reject(new Error("down")))).toBe(2);
    await Promise.resolve();
    await Promise.resolve();
    expect(await memo.get("k", 2, async () => 4)).toBe(2);
    await Promise.resolve();
    await Promise.resolve();
    expect(await memo.get("k", 2, async () => 5)).toBe(4);
  });
});
