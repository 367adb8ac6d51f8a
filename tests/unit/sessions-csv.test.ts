import { describe, expect, it } from "vitest";
import { sessionsCsv, type ExportedSession } from "~/features/conscious/export";

const session = (extra: Partial<ExportedSession> = {}): ExportedSession => ({
  id: "4f1c8a52-0d3e-4b59-9a61-2f0b8c7d6e5a",
  startedAt: "2026-11-27T21:04:00.000Z",
  seconds: 300,
  clips: 12,
  moodBefore: "Curious",
  moodAfter: null,
  intention: { kind: "minutes", target: 15 },
  fiveMore: 0,
  endedBy: null,
  localHour: 22,
  ...extra,
});

describe("the sessions CSV", () => {
  it("has a header and one row a session, empty fields for what is missing", () => {
    expect(sessionsCsv([session(), session({ intention: null, endedBy: "idle" })])).toBe(
      "id,startedAt,seconds,clips,moodBefore,moodAfter,intention,intentionTarget,fiveMore,endedBy,localHour\r\n" +
        "4f1c8a52-0d3e-4b59-9a61-2f0b8c7d6e5a,2026-11-27T21:04:00.000Z,300,12,Curious,,minutes,15,0,,22\r\n" +
        "4f1c8a52-0d3e-4b59-9a61-2f0b8c7d6e5a,2026-11-27T21:04:00.000Z,300,12,Curious,,,,0,idle,22\r\n",
    );
  });

  it("quotes commas and quotes and defuses spreadsheet formulas", () => {
    const row = sessionsCsv([session({ moodBefore: 'Calm, "mostly"', moodAfter: "=HYPERLINK(1)" })]).split("\r\n")[1];
    expect(row).toContain(`"Calm, ""mostly""",'=HYPERLINK(1)`);
  });

  it("is only the header without sessions", () => {
    expect(sessionsCsv([])).toBe(
      "id,startedAt,seconds,clips,moodBefore,moodAfter,intention,intentionTarget,fiveMore,endedBy,localHour\r\n",
    );
  });
});
