import { describe, expect, it } from "vitest";
import {
  addDays,
  choosePrompts,
  durationMessage,
  fillDays,
  goalStreak,
  lastDays,
  longestEmotion,
  parseGoalMinutes,
  toMinutes,
  type DayTotal,
} from "~/features/conscious/insights";
import { canonicalTimeZone, dayIn, timeZoneFromCookie } from "~/features/conscious/time-zone";

const day = (d: string, seconds: number, sessions = seconds > 0 ? 1 : 0): DayTotal => ({ day: d, seconds, sessions });

describe("insights days", () => {
  it("lists the days of the window, oldest first, across a month end and a leap day", () => {
    expect(lastDays("2026-03-02", 3)).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(lastDays("2028-03-01", 2)).toEqual(["2028-02-29", "2028-03-01"]);
    expect(lastDays("2026-11-22", 7)).toHaveLength(7);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-01-01", -365)).toBe("2025-01-01");
  });
  it("fills days without sessions with zero", () => {
    expect(fillDays(["2026-01-01", "2026-01-02"], [day("2026-01-02", 60)])).toEqual([day("2026-01-01", 0), day("2026-01-02", 60)]);
  });
  it("rounds minutes half up", () => {
    expect([toMinutes(0), toMinutes(29), toMinutes(30), toMinutes(150)]).toEqual([0, 0, 1, 3]);
  });
});

describe("durations in words", () => {
  const words = (seconds: number) => {
    const { key, values } = durationMessage(seconds);
    return {
      seconds: `${values.s} s`,
      minutes: `${values.m} min`,
      minutesSeconds: `${values.m} min ${values.s} s`,
      hours: `${values.h} h`,
      hoursMinutes: `${values.h} h ${values.m} min`,
    }[key];
  };
  it("shows a short session in minutes and seconds, never '0 min'", () => {
    expect([0, 1, 45, 59].map(words)).toEqual(["0 s", "1 s", "45 s", "59 s"]);
    expect([60, 125, 600, 3599].map(words)).toEqual(["1 min", "2 min 5 s", "10 min", "59 min 59 s"]);
    expect(words(29.6)).toBe("30 s");
  });
  it("shows an hour or more in hours and minutes", () => {
    expect([3600, 3900, 7170, 36_000].map(words)).toEqual(["1 h", "1 h 5 min", "2 h", "10 h"]);
  });
});

describe("the visitor's time zone", () => {
  it("reads the day an instant falls on in the zone, not in UTC", () => {
    const instant = new Date("2026-11-22T03:30:00Z");
    expect(dayIn(instant, "UTC")).toBe("2026-11-22");
    expect(dayIn(instant, "America/New_York")).toBe("2026-11-21");
    expect(dayIn(new Date("2026-11-22T11:30:00Z"), "Pacific/Kiritimati")).toBe("2026-11-23");
    // Daylight saving: 03:30 UTC is 23:30 the evening before in New York in summer (UTC-4).
    expect(dayIn(new Date("2026-07-01T03:30:00Z"), "America/New_York")).toBe("2026-06-30");
  });
  it("accepts IANA zones from the cookie and falls back to UTC for anything else", () => {
    expect(canonicalTimeZone("Europe/Madrid")).toBe("Europe/Madrid");
    expect(canonicalTimeZone("america/mexico_city")).toBe("America/Mexico_City");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    for (const bad of ["", "Mars/Olympus_Mons", "Europe/Madrid; drop", "x".repeat(65), null, undefined])
      expect(canonicalTimeZone(bad)).toBeNull();
    expect(timeZoneFromCookie("lang=es; tz=America%2FBogota")).toBe("America/Bogota");
    expect(timeZoneFromCookie("tz=Not%2FAZone")).toBe("UTC");
    expect(timeZoneFromCookie(null)).toBe("UTC");
  });
});

describe("goal streak", () => {
  const goal = 600;
  const today = "2026-11-22";
  it("counts consecutive days under the goal ending today, back to the last day over it", () => {
    expect(goalStreak(today, { firstDay: "2026-11-01", todaySeconds: 599, lastDayOver: "2026-11-19" }, goal)).toBe(3);
  });
  it("ends yesterday while today is over the goal", () => {
    expect(goalStreak(today, { firstDay: "2026-11-20", todaySeconds: 900, lastDayOver: null }, goal)).toBe(2);
  });
  it("reaches beyond any window shown: 20 days back when nothing was over", () => {
    expect(goalStreak(today, { firstDay: "2026-11-03", todaySeconds: 0, lastDayOver: null }, goal)).toBe(20);
  });
  it("does not count days before the first session, nor without a goal", () => {
    expect(goalStreak(today, { firstDay: today, todaySeconds: 100, lastDayOver: null }, goal)).toBe(1);
    expect(goalStreak(today, { firstDay: null, todaySeconds: 0, lastDayOver: null }, goal)).toBe(0);
    expect(goalStreak(today, { firstDay: today, todaySeconds: 100, lastDayOver: null }, null)).toBe(0);
  });
  it("is zero when yesterday and today are over, or when the only day is today and over", () => {
    expect(goalStreak(today, { firstDay: "2026-11-20", todaySeconds: 700, lastDayOver: "2026-11-21" }, goal)).toBe(0);
    expect(goalStreak(today, { firstDay: today, todaySeconds: 700, lastDayOver: null }, goal)).toBe(0);
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
    expect(choosePrompts({ ...base, sessions: 0 }).map((p) => p.key)).toEqual(["start", "setGoal"]);
  });
  it("names the emotion with the longest average sessions", () => {
    expect(longestEmotion(emotions)?.name).toBe("Bored");
    const prompts = choosePrompts({ ...base, emotions });
    expect(prompts[0]).toEqual({
      key: "longestEmotion",
      values: { emotion: "Bored", durationSeconds: 600 },
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
    expect(prompts.map((p) => p.key)).toEqual(["overGoal", "lateNight", "longestEmotion"]);
    expect(prompts[0]!.values).toEqual({ durationSeconds: 1200, goal: 15 });
  });
  it("ignores a single late session among many", () => {
    expect(choosePrompts({ ...base, sessions: 10, lateSessions: 1 }).map((p) => p.key)).not.toContain("lateNight");
  });
  it("always offers at least two prompts", () => {
    expect(choosePrompts({ ...base, goalSeconds: 600 }).map((p) => p.key)).toEqual(["reflect", "pause"]);
    expect(choosePrompts({ ...base }).map((p) => p.key)).toEqual(["setGoal", "reflect"]);
    expect(choosePrompts({ ...base, goalSeconds: 600, streak: 3 }).map((p) => p.key)).toEqual(["underGoal", "reflect"]);
  });
});

describe("goal minutes", () => {
  it("accepts 5..600 whole minutes or empty to clear", () => {
    expect(parseGoalMinutes("5")).toBe(300);
    expect(parseGoalMinutes(" 600 ")).toBe(36_000);
    expect(parseGoalMinutes("")).toBeNull();
    expect(parseGoalMinutes(null)).toBeNull();
    for (const bad of ["4", "601", "1.5", "-10", "abc", "99999"])
      expect(() => parseGoalMinutes(bad)).toThrow(expect.objectContaining({ status: 400, key: "goal.invalid", field: "minutes" }));
  });
});
