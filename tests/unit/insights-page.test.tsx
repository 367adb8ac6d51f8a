import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { InsightsPage } from "~/features/conscious/components/insights-page";
import type { Insights } from "~/features/conscious/insights.server";
import { BrandModeProvider } from "~/lib/brand-context";
import type { BrandMode } from "~/lib/brand-mode";
import { I18nProvider } from "~/lib/i18n/react";
import { loadNamespaces } from "~/lib/i18n/resources";

function render(insights: Insights, brandMode: BrandMode, language: "en" | "es" = "en") {
  const router = createMemoryRouter([{ path: "/", element: <InsightsPage insights={insights} /> }]);
  return renderToString(
    <BrandModeProvider value={brandMode}>
      <I18nProvider language={language}>
        <RouterProvider router={router} />
      </I18nProvider>
    </BrandModeProvider>,
  );
}

const EMPTY: Insights = {
  premium: false,
  periodDays: 7,
  timeZone: "Europe/Madrid",
  days: Array.from({ length: 7 }, (_, i) => ({ day: `2026-11-1${i}`, seconds: 0, sessions: 0 })),
  sessions: 0,
  earlierSessions: false,
  totalSeconds: 0,
  averageSeconds: 0,
  longestSeconds: 0,
  todaySeconds: 0,
  goalSeconds: null,
  streak: 0,
  emotions: [],
  categories: null,
  prompts: [{ key: "start" }, { key: "setGoal" }],
  intentions: { set: 0, kept: 0, stretched: 0, missed: 0 },
  recent: [],
  habits: null,
};
const BY_CATEGORY = { dimension: "category" as const, group: "bdsm", moodId: 2, count: 4, of: 6, mood: "Bored", groupName: "BDSM" };
const BY_LENGTH = { dimension: "length" as const, group: "long", moodId: 7, count: 3, of: 5, mood: "Tired", groupName: null };
const WITH_DATA: Insights = {
  ...EMPTY,
  premium: true,
  sessions: 2,
  totalSeconds: 700,
  days: EMPTY.days.map((d, i) => (i === 6 ? { ...d, seconds: 700, sessions: 2 } : d)),
  goalSeconds: 600,
  categories: [
    { slug: "bdsm", name: "BDSM", color: "#a855f7", seconds: 400 },
    { slug: "feet", name: "Feet", color: "#14b8a6", seconds: 20 },
  ],
  prompts: [{ key: "reflect" }, { key: "pause" }],
  intentions: { set: 6, kept: 4, stretched: 1, missed: 1 },
  recent: [
    {
      id: "s1",
      day: "2026-11-16",
      seconds: 300,
      clips: 12,
      moodBefore: "Curious",
      moodAfter: "Bored",
      categories: ["BDSM", "Feet"],
      clipsPerMinute: 2.4,
    },
  ],
  habits: {
    sessions: 9,
    patterns: [BY_CATEGORY, BY_LENGTH],
    shifts: [],
    prompts: [{ key: "intentionsKept" }, { key: "moodByCategory", pattern: BY_CATEGORY }, { key: "moodByLength", pattern: BY_LENGTH }],
  },
};

describe("the insights page", () => {
  beforeAll(async () => {
    await Promise.all([loadNamespaces("en"), loadNamespaces("es")]);
  });

  it("says which time zone the days follow", () => {
    expect(render(EMPTY, "adult")).toContain("Days follow your time zone: Europe/Madrid.");
    expect(render(EMPTY, "adult", "es")).toContain("Los días siguen tu zona horaria: Europe/Madrid.");
  });

  it("sends adult visitors without sessions to the home page's timer", () => {
    const html = render(EMPTY, "adult");
    expect(html).toContain("No sessions yet");
    expect(html).toContain('href="/"');
    expect(html).toContain("Premium shows the last 30 days and your time by category.");
  });

  it("in Conscious Mode, explains where the timer is without linking to the landing page", () => {
    const html = render(EMPTY, "conscious");
    expect(html).toContain("No sessions yet");
    expect(html).toContain("the session timer in the header of the main site");
    expect(html).not.toContain("Go to the home page");
    expect(html).toContain("Premium shows the last 30 days.");
    expect(html).not.toContain("by category");
  });

  it("says there are none in this window when the sessions are older", () => {
    const older = { ...EMPTY, earlierSessions: true };
    expect(render(older, "adult")).toContain("No sessions in the last 7 days");
    expect(render(older, "adult")).not.toContain("No sessions yet");
    expect(render({ ...older, periodDays: 30 }, "conscious", "es")).toContain("No hay sesiones en los últimos 30 días");
  });

  it("shows premium time per category in words on the adult site only", () => {
    const html = render(WITH_DATA, "adult");
    expect(html).toContain("Time by category");
    // 400 s and 20 s: minutes and seconds under an hour, never '0 min'.
    expect(html).toMatch(/BDSM<\/span>.*6 min 40 s/);
    expect(html).toMatch(/Feet<\/span>.*20 s/);
    expect(html).not.toMatch(/\D0 min/);
    expect(render(WITH_DATA, "adult", "es")).toContain("Tiempo por categoría");
    // Even if category data reached it, the Conscious Mode page would not show it.
    const conscious = render(WITH_DATA, "conscious");
    expect(conscious).not.toMatch(/BDSM|Feet|Time by category/);
  });

  it("shows short sessions in minutes and seconds, in both languages", () => {
    const short = { ...WITH_DATA, sessions: 3, totalSeconds: 95, averageSeconds: 32, longestSeconds: 61, todaySeconds: 95 };
    const html = render(short, "adult");
    expect(html).toMatch(/data-testid="stat-total">1 min 35 s</);
    expect(html).toMatch(/data-testid="stat-average">32 s</);
    expect(html).toMatch(/data-testid="stat-longest">1 min 1 s</);
    expect(render(short, "adult", "es")).toMatch(/data-testid="stat-total">1 min 35 s</);
    expect(html).not.toContain(">0 min<");
  });

  it("labels the goal line on a solid background, readable over a bar", () => {
    const html = render(WITH_DATA, "adult");
    expect(html).toMatch(/<span class="[^"]*bg-ink-950[^"]*text-flame-300[^"]*">Goal: 10 min<\/span>/);
  });

  it("shows intentions kept, mood pairs with what was watched, and premium's patterns with their numbers", () => {
    const html = render(WITH_DATA, "adult");
    expect(html).toContain("You set an intention in 6 sessions: kept in 4, “5 more” in 1, went past it in 1.");
    expect(html).toContain("Curious → Bored");
    expect(html).toContain("Watched: BDSM, Feet");
    expect(html).toContain("2.4 clips a minute");
    expect(html).toContain("no outside AI sees your data");
    expect(html).toContain("After sessions mostly watching BDSM, you chose “Bored” 4 times out of 6.");
    expect(html).toContain("After sessions longer than 20 minutes, you chose “Tired” 3 times out of 5.");
    expect(html).toContain("You kept 4 of your 6 intentions.");
    const es = render(WITH_DATA, "adult", "es");
    expect(es).toContain("Tras sesiones de más de 20 minutos, elegiste «Tired» 3 de 5 veces.");
    expect(es).toContain("ninguna IA externa");
  });

  it("keeps categories out of Conscious Mode's patterns and pairs, and shows non-premium members the teaser", () => {
    const conscious = render(WITH_DATA, "conscious");
    expect(conscious).toContain("Curious → Bored");
    expect(conscious).toContain("longer than 20 minutes");
    expect(conscious).not.toMatch(/BDSM|Feet/);
    const free = render({ ...WITH_DATA, premium: false, habits: null, categories: null }, "adult");
    expect(free).not.toContain('data-testid="habits"');
    expect(free).toContain("Premium adds habit insights");
  });
});
