import { describe, expect, it } from "vitest";
import {
  choosePrompts,
  fillDays,
  goalStreak,
  lastDays,
  longestEmotion,
  parseGoalMinutes,
  toMinutes,
  type DayTotal,
} from "~/features/habits/insights";

const day = (
  d: string,
  seconds: number,
  sessions = seconds > 0 ? 1 : 0,
): DayTotal => ({ day: d, seconds, sessions });

describe("insights days", () => {
  it("lists the UTC days of the window, oldest first, across a month end", () => {
    expect(lastDays(new Date("2026-03-02T23:30:00-05:00"), 3)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
    ]);
    expect(lastDays(new Date("2026-11-22T00:10:00Z"), 7)).toHaveLength(7);
  });
  it("fills days without sessions with zero", () => {
    expect(
      fillDays(["2026-01-01", "2026-01-02"], [day("2026-01-02", 60)]),
    ).toEqual([day("2026-01-01", 0), day("2026-01-02", 60)]);
  });
  it("rounds minutes half up", () => {
    expect([
      toMinutes(0),
      toMinutes(29),
      toMinutes(30),
      toMinutes(150),
    ]).toEqual([0, 0, 1, 3]);
  });
});

describe("goal streak", () => {
  const goal = 600;
  it("counts consecutive days under the goal ending today", () => {
    expect(
      goalStreak(
        [day("a", 700), day("b", 100), day("c", 0, 0), day("d", 599)],
        goal,
      ),
    ).toBe(3);
  });
  it("ends yesterday while today is over the goal", () => {
    expect(
      goalStreak([day("a", 100), day("b", 200), day("c", 900)], goal),
    ).toBe(2);
  });
  it("does not count days before the first session, nor without a goal", () => {
    expect(
      goalStreak([day("a", 0, 0), day("b", 0, 0), day("c", 100)], goal),
    ).toBe(1);
    expect(goalStreak([day("a", 0, 0)], goal)).toBe(0);
    expect(goalStreak([day("a", 100)], null)).toBe(0);
  });
  it("is zero when yesterday and today are over", () => {
    expect(
      goalStreak([day("a", 100), day("b", 700), day("c", 700)], goal),
    ).toBe(0);
  });
});

describe("reflection prompts", () => {
  const emotions = [
    { id: 1, name: "Calm", sessions: 3, averageSeconds: 120 },
    { id: 2, name: "Bored", sessions: 1, averageSeconds: 600 },
  ];
  const base = {
    sessions: 4,
    lateSessions: 0,
    todaySeconds: 0,
    goalSeconds: null,
    emotions: [],
    streak: 0,
  };
  it("explains how to start without data", () => {
    expect(choosePrompts({ ...base, sessions: 0 }).map((p) => p.key)).toEqual([
      "start",
      "setGoal",
    ]);
  });
  it("names the emotion with the longest average sessions", () => {
    expect(longestEmotion(emotions)?.name).toBe("Bored");
    const prompts = choosePrompts({ ...base, emotions });
    expect(prompts[0]).toEqual({
      key: "longestEmotion",
      values: { emotion: "Bored", minutes: 10 },
    });
  });
  it("leads with the goal when today is over it, then late nights, at most three", () => {
    const prompts = choosePrompts({
      ...base,
      sessions: 6,
      lateSessions: 3,
      todaySeconds: 1200,
      goalSeconds: 900,
      emotions,
      streak: 2,
    });
    expect(prompts.map((p) => p.key)).toEqual([
      "overGoal",
      "lateNight",
      "longestEmotion",
    ]);
    expect(prompts[0]!.values).toEqual({ minutes: 20, goal: 15 });
  });
  it("ignores a single late session among many", () => {
    expect(
      choosePrompts({ ...base, sessions: 10, lateSessions: 1 }).map(
        (p) => p.key,
      ),
    ).not.toContain("lateNight");
  });
  it("always offers at least two prompts", () => {
    expect(
      choosePrompts({ ...base, goalSeconds: 600 }).map((p) => p.key),
    ).toEqual(["reflect", "pause"]);
    expect(choosePrompts({ ...base }).map((p) => p.key)).toEqual([
      "setGoal",
      "reflect",
    ]);
    expect(
      choosePrompts({ ...base, goalSeconds: 600, streak: 3 }).map((p) => p.key),
    ).toEqual(["underGoal", "reflect"]);
  });
});

describe("goal minutes", () => {
  it("accepts 5..600 whole minutes or empty to clear", () => {
    expect(parseGoalMinutes("5")).toEqual({ ok: true, seconds: 300 });
    expect(parseGoalMinutes(" 600 ")).toEqual({ ok: true, seconds: 36_000 });
    expect(parseGoalMinutes("")).toEqual({ ok: true, seconds: null });
    expect(parseGoalMinutes(null)).toEqual({ ok: true, seconds: null });
    for (const bad of ["4", "601", "1.5", "-10", "abc", "99999"])
      expect(parseGoalMinutes(bad)).toEqual({ ok: false });
  });
});
