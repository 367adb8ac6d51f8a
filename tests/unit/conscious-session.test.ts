import { describe, expect, it } from "vitest";
import {
  categorySeconds,
  currentTarget,
  DEFAULT_SETTINGS,
  fiveMore,
  INTENTION_CHOICES,
  intentionReached,
  parseSettings,
  PAUSE_GAP_MS,
  pauseDue,
  progress,
  IDLE_MS,
  isOver,
  keep,
  KEPT_MAX,
  KEPT_MAX_AGE_MS,
  MAX_TICK_MS,
  newSession,
  parseKept,
  parseState,
  sessionSeconds,
  tick,
  usageBody,
  type SessionState,
  type TickInput,
} from "~/features/conscious/session";

const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";
const START = 1_700_000_000_000;
const visible: TickInput = { visible: true, active: false, category: null, clipId: null };

/** Ticks once a second from `from` for `seconds`, with the same input each time. */
function run(state: SessionState, from: number, seconds: number, input = visible): SessionState {
  let s = state;
  for (let i = 1; i <= seconds; i++) s = tick(s, from + i * 1000, input);
  return s;
}

describe("the Conscious Mode session (docs/product.md, One session timer)", () => {
  it("counts visible time, second by second", () => {
    const s = run(newSession(ID, "member", START), START, 90);
    expect(sessionSeconds(s)).toBe(90);
  });

  it("pauses while the page is hidden", () => {
    let s = run(newSession(ID, "member", START), START, 10);
    s = run(s, START + 10_000, 60, { ...visible, visible: false });
    s = run(s, START + 70_000, 5, { ...visible, active: true });
    expect(sessionSeconds(s)).toBe(15);
    expect(isOver(s, START + 75_000)).toBe(false);
  });

  it("ends after five minutes without activity, hidden time included, and counts nothing after", () => {
    let s = tick(newSession(ID, "member", START), START + 1000, { ...visible, active: true });
    expect(isOver(s, START + 1000 + IDLE_MS - 1)).toBe(false);
    expect(isOver(s, START + 1000 + IDLE_MS)).toBe(true);
    const before = sessionSeconds(s);
    s = tick(s, START + 1000 + IDLE_MS + 1000, visible);
    expect(sessionSeconds(s)).toBe(before);
  });

  it("a clip playing (active input each tick) keeps the session going past five minutes", () => {
    const s = run(newSession(ID, "member", START), START, 400, { ...visible, active: true });
    expect(isOver(s, START + 400_000)).toBe(false);
    expect(sessionSeconds(s)).toBe(400);
  });

  it("never credits more than a few seconds for one tick (a sleeping laptop)", () => {
    const s = tick(newSession(ID, "member", START), START + 60_000, { ...visible, active: true });
    expect(s.activeMs).toBe(MAX_TICK_MS);
  });

  it("counts distinct clips and time per category, never more than the session", () => {
    let s = newSession(ID, "anonymous", START);
    s = run(s, START, 3, { ...visible, category: "feet", clipId: "a" });
    s = run(s, START + 3000, 2, { ...visible, category: "swing", clipId: "b" });
    s = run(s, START + 5000, 2, { ...visible, category: "feet", clipId: "a" });
    expect(s.clips).toEqual(["a", "b"]);
    expect(categorySeconds(s)).toEqual({ feet: 5, swing: 2 });
    const body = usageBody(s)!;
    expect(Object.fromEntries(body)).toMatchObject({ id: ID, seconds: "7", clips: "2", emotionId: "" });
    expect(JSON.parse(body.get("categories")!)).toEqual({ feet: 5, swing: 2 });
    expect(new Date(body.get("startedAt")!).getTime()).toBe(START);
  });

  it("floors the session and each category separately: between two saves a category may gain one second more", () => {
    // 12.118 s of session, 6.887 s of them on swing (the rest on a page without clips), then 4.873 s more on swing.
    const swing = { ...visible, category: "swing", clipId: "a" };
    let s = tick(tick(newSession(ID, "member", START), START + 3_000, visible), START + 5_231, visible);
    s = tick(tick(s, START + 9_231, swing), START + 12_118, swing);
    expect([sessionSeconds(s), categorySeconds(s).swing]).toEqual([12, 6]);
    s = tick(s, START + 12_118 + 4_873, swing);
    expect([sessionSeconds(s), categorySeconds(s).swing]).toEqual([16, 11]);
    // Never more than the session in one save, whatever the fractions.
    for (let ms = 0; ms < 2_000; ms += 37) {
      const t = tick(s, START + 12_118 + 4_873 + ms, swing);
      expect(categorySeconds(t).swing).toBeLessThanOrEqual(sessionSeconds(t));
      expect(categorySeconds(t).swing! - 6).toBeLessThanOrEqual(sessionSeconds(t) - 12 + 1);
    }
  });

  it("has nothing to save under one second", () => {
    expect(usageBody(tick(newSession(ID, "member", START), START + 900, visible))).toBeUndefined();
  });

  it("keeps at most 60 anonymous sessions, none older than 30 days", () => {
    let list = [{ body: "old", endedAt: START - KEPT_MAX_AGE_MS }];
    for (let i = 0; i < KEPT_MAX + 5; i++) list = keep(list, { body: `s${i}`, endedAt: START + i }, START + i);
    expect(list).toHaveLength(KEPT_MAX);
    expect(list[0]!.body).toBe("s5");
    expect(list.some((s) => s.body === "old")).toBe(false);
  });

  it("reads stored state defensively", () => {
    const s = newSession(ID, "member", START);
    expect(parseState(JSON.stringify(s))).toEqual(s);
    expect(parseState("{")).toBeNull();
    expect(parseState(JSON.stringify({ ...s, owner: "someone" }))).toBeNull();
    expect(parseState(null)).toBeNull();
    expect(parseKept('[{"body":"x","endedAt":1},{"body":2}]')).toEqual([{ body: "x", endedAt: 1 }]);
    expect(parseKept("nope")).toEqual([]);
  });
});

describe("the intention and the stop card (docs/product.md §11.9)", () => {
  const watch = (state: SessionState, from: number, clipId: string) =>
    tick(state, from + 1000, { visible: true, active: true, category: "feet", clipId });

  it("counts clips towards the intention, then the next swipe is the stop card and that clip is not counted", () => {
    let s: SessionState = { ...newSession(ID, "member", START), intention: { kind: "clips", target: 2 }, intentionAsked: true };
    s = watch(s, START, "a");
    expect(progress(s)).toEqual({ kind: "clips", done: 1, target: 2 });
    s = watch(s, START + 1000, "b");
    expect(intentionReached(s)).toBe(true);
    expect(s.stopDue).toBe(false);
    // Staying on the last clip is no swipe.
    s = watch(s, START + 2000, "b");
    expect(s.stopDue).toBe(false);
    s = watch(s, START + 3000, "c");
    expect(s.stopDue).toBe(true);
    expect(s.clips).toEqual(["a", "b"]);
    // "5 more": the target grows by five, the card goes, and the clip under it counts.
    s = fiveMore(s);
    expect(currentTarget(s)).toBe(7);
    s = watch(s, START + 4000, "c");
    expect(s.stopDue).toBe(false);
    expect(s.clips).toEqual(["a", "b", "c"]);
    expect(Object.fromEntries(usageBody(s)!)).toMatchObject({ intention: "clips", intentionTarget: "2", extensions: "1", clips: "3" });
  });

  it("a minutes intention stops at the first swipe once its minutes are counted", () => {
    let s: SessionState = { ...newSession(ID, "member", START), intention: { kind: "minutes", target: 1 }, intentionAsked: true };
    s = watch(s, START, "a");
    for (let i = 1; i <= 60; i++) s = tick(s, START + 1000 + i * 1000, { visible: true, active: true, category: "feet", clipId: "a" });
    expect(progress(s)).toEqual({ kind: "minutes", done: 1, target: 1 });
    expect(s.stopDue).toBe(false);
    s = watch(s, START + 62_000, "b");
    expect(s.stopDue).toBe(true);
  });

  it("'Just browsing' has nothing to reach", () => {
    const s: SessionState = { ...newSession(ID, "member", START), intention: { kind: "browse", target: null } };
    expect(currentTarget(s)).toBeNull();
    expect(progress(s)).toBeNull();
    expect(usageBody(run(s, START, 2))!.get("intention")).toBe("browse");
    expect(usageBody(run(s, START, 2))!.has("intentionTarget")).toBe(false);
  });

  it("offers 5/10/20 clips, 5/15/30 minutes and just browsing", () => {
    expect(INTENTION_CHOICES.map((c) => `${c.kind}:${c.target}`)).toEqual([
      "clips:5",
      "clips:10",
      "clips:20",
      "minutes:5",
      "minutes:15",
      "minutes:30",
      "browse:null",
    ]);
  });

  it("the pause: only with Conscious Mode and the pause on, never twice within 30 minutes", () => {
    const on = { on: true, intention: true, pause: true };
    expect(pauseDue(on, null, START)).toBe(true);
    expect(pauseDue(on, START - PAUSE_GAP_MS + 1, START)).toBe(false);
    expect(pauseDue(on, START - PAUSE_GAP_MS, START)).toBe(true);
    expect(pauseDue({ ...on, on: false }, null, START)).toBe(false);
    expect(pauseDue({ ...on, pause: false }, null, START)).toBe(false);
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toEqual({ on: false, intention: true, pause: false });
    expect(parseSettings('{"on":true}')).toEqual({ on: true, intention: true, pause: false });
    expect(parseSettings("{")).toEqual(DEFAULT_SETTINGS);
  });
});
