import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flushSignals, playedBefore, settleSignals, watchClip, type SignalEvent } from "~/features/signals";

const CLIP = "0b6f2f4e-3c1a-4d8e-9f00-000000000001";

// The tracker reports through the page's queue: a page with a fetch that records what it was sent.
let sent: SignalEvent[] = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal("window", { addEventListener: () => {} });
  vi.stubGlobal("document", { visibilityState: "visible", addEventListener: () => {} });
  vi.stubGlobal("navigator", {});
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: { body: string }) => {
      sent.push(...(JSON.parse(init.body) as { events: SignalEvent[] }).events);
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function reported(tracker: ReturnType<typeof watchClip>) {
  tracker.end();
  flushSignals();
  return sent.at(-1)!;
}

describe("watchClip", () => {
  it("counts small forward steps of the clip's clock, not a seek", () => {
    let clock = 0;
    const tracker = watchClip(CLIP, () => clock);
    for (const t of [0, 0.25, 0.5, 0.75, 1]) tracker.time(t, 20);
    tracker.time(9, 20); // a seek
    tracker.time(9.25, 20);
    clock = 5_000;
    const event = reported(tracker);
    expect(event.watchedMs).toBe(1250);
    expect(event.skipped).toBe(false);
    expect(event.completed).toBe(false);
  });

  it("counts a step a busy page delivered late, but not a seek longer than the wait", () => {
    let clock = 0;
    const tracker = watchClip(CLIP, () => clock);
    tracker.time(0, 20);
    clock = 2_000; // the page was busy: the next time update comes 2 s later
    tracker.time(2, 20);
    clock = 2_250;
    tracker.time(10, 20); // 8 s ahead in 0.25 s: a seek
    clock = 5_000;
    expect(reported(tracker).watchedMs).toBe(2000);
  });

  it("counts what the clip played before the page's script followed it", () => {
    let clock = 0;
    const tracker = watchClip(CLIP, () => clock, { playedMs: 400, currentTime: 0.4 });
    for (const t of [0.65, 0.9, 1.15, 1.4]) tracker.time(t, 20);
    clock = 3_000;
    expect(reported(tracker).watchedMs).toBe(1400);
  });

  it("reports a loop and a completion, and a quick leave as a skip", () => {
    let clock = 0;
    const looped = watchClip(CLIP, () => clock);
    for (const t of [9.5, 9.8, 0.1]) looped.time(t, 10);
    clock = 10_000;
    const loop = reported(looped);
    expect(loop.loops).toBe(1);
    expect(loop.completed).toBe(true);

    clock = 0;
    const left = watchClip(CLIP, () => clock);
    left.time(0, 10);
    left.time(0.5, 10);
    clock = 1_000;
    expect(reported(left).skipped).toBe(true);
  });

  it("reports a quick leave the visitor's feed choice caused (Not interested, its Undo) as a watch, not a skip", () => {
    let clock = 0;
    const tracker = watchClip(CLIP, () => clock);
    tracker.time(0, 10);
    tracker.time(0.5, 10);
    clock = 570;
    tracker.end(true);
    tracker.end();
    flushSignals();
    expect(sent).toEqual([{ clipId: CLIP, kind: "watch", watchedMs: 500, loops: 0, completed: false, skipped: false }]);
  });
});

describe("playedBefore", () => {
  it("sums the played ranges of a video element", () => {
    const ranges = [
      [0, 1.5],
      [4, 4.5],
    ] as const;
    const video = {
      currentTime: 4.5,
      played: { length: ranges.length, start: (i: number) => ranges[i]![0], end: (i: number) => ranges[i]![1] },
    } as unknown as HTMLVideoElement;
    expect(playedBefore(video)).toEqual({ playedMs: 2000, currentTime: 4.5 });
  });
});

describe("settleSignals", () => {
  it("ends the watch of the clip on screen, once, and sends it with what waits", async () => {
    // Any watch an earlier test left open is ended and sent first.
    await settleSignals();
    sent = [];
    let clock = 0;
    const tracker = watchClip(CLIP, () => clock);
    for (const t of [0, 0.25, 0.5]) tracker.time(t, 20);
    clock = 4_000;
    await settleSignals();
    expect(sent).toEqual([{ clipId: CLIP, kind: "watch", watchedMs: 500, loops: 0, completed: false, skipped: false }]);
    // The feed going away afterwards ends it again: nothing more is reported.
    tracker.end();
    await settleSignals();
    expect(sent).toHaveLength(1);
  });
});
