import { describe, expect, it } from "vitest";
import {
  clipsPerMinute,
  intentionOutcome,
  intentionSummary,
  lengthBand,
  MIN_SESSIONS,
  moodPatterns,
  moodShifts,
  pace,
  patternPrompts,
  timeOfDay,
  type SessionFacts,
} from "~/features/conscious/patterns";

const CALM = 1;
const BORED = 2;
const TIRED = 7;

const session = (extra: Partial<SessionFacts> = {}): SessionFacts => ({
  seconds: 600,
  clips: 10,
  moodBefore: null,
  moodAfter: null,
  intention: null,
  extensions: 0,
  localHour: 21,
  category: "swing",
  ...extra,
});
const times = (n: number, extra: Partial<SessionFacts>) => Array.from({ length: n }, () => session(extra));

describe("habit pattern rules", () => {
  it("names the time of day, the length and the swipe speed by fixed bands", () => {
    expect([4, 5, 11, 12, 17, 18, 22, 23, 0].map(timeOfDay)).toEqual([
      "night",
      "morning",
      "morning",
      "afternoon",
      "afternoon",
      "evening",
      "evening",
      "night",
      "night",
    ]);
    expect([599, 600, 1200, 1201].map(lengthBand)).toEqual(["short", "medium", "medium", "long"]);
    expect(clipsPerMinute({ seconds: 300, clips: 20 })).toBe(4);
    expect(clipsPerMinute({ seconds: 59, clips: 20 })).toBeNull();
    expect(clipsPerMinute({ seconds: 300, clips: 0 })).toBeNull();
    expect(pace({ seconds: 300, clips: 20 })).toBe("fast");
    expect(pace({ seconds: 300, clips: 19 })).toBe("slow");
  });

  it("tells kept intentions from stretched and missed ones; browsing keeps nothing", () => {
    const clips10 = { kind: "clips" as const, target: 10 };
    expect(intentionOutcome(session({ intention: clips10, clips: 10 }))).toBe("kept");
    expect(intentionOutcome(session({ intention: clips10, clips: 6 }))).toBe("kept");
    expect(intentionOutcome(session({ intention: clips10, clips: 15, extensions: 1 }))).toBe("stretched");
    expect(intentionOutcome(session({ intention: clips10, clips: 11 }))).toBe("missed");
    const minutes5 = { kind: "minutes" as const, target: 5 };
    expect(intentionOutcome(session({ intention: minutes5, seconds: 360 }))).toBe("kept");
    expect(intentionOutcome(session({ intention: minutes5, seconds: 361 }))).toBe("missed");
    expect(intentionOutcome(session({ intention: { kind: "browse", target: null } }))).toBeNull();
    expect(intentionOutcome(session())).toBeNull();
    expect(
      intentionSummary([
        session({ intention: clips10, clips: 3 }),
        session({ intention: clips10, clips: 20, extensions: 2 }),
        session({ intention: minutes5, seconds: 900 }),
        session(),
      ]),
    ).toEqual({ set: 3, kept: 1, stretched: 1, missed: 1 });
  });

  it("claims nothing from fewer than five sessions", () => {
    expect(MIN_SESSIONS).toBe(5);
    const four = times(4, { moodAfter: BORED, seconds: 1500 });
    expect(moodPatterns(four, ["category", "timeOfDay", "length", "pace"])).toEqual([]);
    expect(moodShifts(times(4, { moodBefore: CALM, moodAfter: BORED }))).toEqual([]);
    // Sessions without a mood after do not count towards the five.
    expect(moodPatterns([...four, session({ seconds: 1500 })], ["length"])).toEqual([]);
  });

  it("states the mood after that dominates a group, with its count and the group's size", () => {
    const sessions = [
      ...times(3, { moodAfter: BORED, seconds: 1500, localHour: 23, category: "feet" }),
      ...times(1, { moodAfter: CALM, seconds: 1500, localHour: 23, category: "feet" }),
      ...times(1, { moodAfter: TIRED, seconds: 1300, localHour: 1, category: "feet" }),
      ...times(5, { moodAfter: CALM, seconds: 300, localHour: 9, category: "swing", clips: 5 }),
    ];
    const patterns = moodPatterns(sessions, ["category", "timeOfDay", "length"]);
    expect(patterns).toContainEqual({ dimension: "length", group: "long", moodId: BORED, count: 3, of: 5 });
    expect(patterns).toContainEqual({ dimension: "category", group: "feet", moodId: BORED, count: 3, of: 5 });
    expect(patterns).toContainEqual({ dimension: "timeOfDay", group: "night", moodId: BORED, count: 3, of: 5 });
    expect(patterns).toContainEqual({ dimension: "category", group: "swing", moodId: CALM, count: 5, of: 5 });
    // Strongest share first.
    expect(patterns[0]!.count / patterns[0]!.of).toBe(1);
    // Dimensions not asked for (the companion site's: no category) are not read.
    expect(moodPatterns(sessions, ["timeOfDay"]).every((p) => p.dimension === "timeOfDay")).toBe(true);
  });

  it("stays silent when no mood reaches half of a group", () => {
    const split = [...times(2, { moodAfter: BORED }), ...times(2, { moodAfter: CALM }), ...times(2, { moodAfter: TIRED })];
    expect(moodPatterns(split, ["category"])).toEqual([]);
    const half = [...times(3, { moodAfter: BORED }), ...times(3, { moodAfter: CALM })];
    // A tie at half: the lower id is named, with its numbers.
    expect(moodPatterns(half, ["category"])).toEqual([{ dimension: "category", group: "swing", moodId: CALM, count: 3, of: 6 }]);
  });

  it("finds the mood a mood before leads to", () => {
    const sessions = [...times(4, { moodBefore: CALM, moodAfter: TIRED }), session({ moodBefore: CALM, moodAfter: BORED })];
    expect(moodShifts(sessions)).toEqual([{ before: CALM, after: TIRED, count: 4, of: 5 }]);
  });

  it("chooses prompts from the patterns: intentions first, then one per dimension, at most three", () => {
    const byCategory = { dimension: "category" as const, group: "feet", moodId: BORED, count: 4, of: 5 };
    const byCategory2 = { dimension: "category" as const, group: "swing", moodId: CALM, count: 3, of: 5 };
    const byTime = { dimension: "timeOfDay" as const, group: "night", moodId: BORED, count: 3, of: 5 };
    const shift = { before: CALM, after: TIRED, count: 4, of: 5 };
    expect(patternPrompts({ set: 6, kept: 2, stretched: 3, missed: 1 }, [byCategory, byCategory2, byTime], [shift])).toEqual([
      { key: "intentionsStretched" },
      { key: "moodByCategory", pattern: byCategory },
      { key: "moodByTime", pattern: byTime },
    ]);
    expect(patternPrompts({ set: 5, kept: 4, stretched: 1, missed: 0 }, [], [shift])).toEqual([
      { key: "intentionsKept" },
      { key: "moodShift", shift },
    ]);
    // Four intentions are too few to say anything about them.
    expect(patternPrompts({ set: 4, kept: 0, stretched: 4, missed: 0 }, [], [])).toEqual([]);
  });
});
