import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import type { Prompt } from "../insights";
import type { Insights } from "../insights.server";
import { rememberTimeZone } from "../time-zone";
import { saveSessionNow } from "../session-store";
import { InsightsCategories } from "./insights-categories";
import { InsightsChart } from "./insights-chart";
import { InsightsEmpty } from "./insights-empty";
import { GoalForm } from "./insights-goal-form";
import { InsightsHabits, InsightsIntentions, InsightsMoodPairs } from "./insights-patterns";
import { useDuration } from "./use-duration";
import { useBrandMode } from "~/lib/brand-context";
import { useT } from "~/lib/i18n/react";

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl bg-ink-900 p-3">
      <dt className="text-xs text-ink-300">{label}</dt>
      <dd className="text-xl font-bold text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** docs/product.md §11.5, ADR 062: the signed-in user's own usage figures, goal and reflection prompts. */
export function InsightsPage({ insights }: { insights: Insights }) {
  const { t } = useT("insights");
  const conscious = useBrandMode() === "conscious";
  const { revalidate } = useRevalidator();
  // Count again when the figures were computed without something: the browser's time zone (the
  // cookie just changed), or the session the header's timer was saving as the visitor came here.
  useEffect(() => {
    const saving = saveSessionNow();
    const zoneChanged = rememberTimeZone();
    if (saving || zoneChanged) void Promise.resolve(saving).then(() => revalidate());
  }, [revalidate]);
  const duration = useDuration();
  const empty = insights.sessions === 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold text-white">{t("title")}</h1>
        <p className="mt-1 text-ink-300">{t("intro", { count: insights.periodDays })}</p>
        <p className="mt-1 text-xs text-ink-300" data-testid="time-zone-note">
          {t("timeZoneNote", { zone: insights.timeZone })}
        </p>
        <p className="mt-2">
          <Link to="/insights/week" className="text-calm-300 underline">
            {t("week.link")}
          </Link>
        </p>
      </header>

      {empty ? (
        <InsightsEmpty periodDays={insights.periodDays} earlierSessions={insights.earlierSessions} />
      ) : (
        <>
          <section aria-labelledby="chart-title">
            <h2 id="chart-title" className="mb-2 text-lg font-bold text-white">
              {t("chart.title")}
            </h2>
            <InsightsChart days={insights.days} goalSeconds={insights.goalSeconds} />
          </section>
          <section aria-labelledby="stats-title">
            <h2 id="stats-title" className="mb-2 text-lg font-bold text-white">
              {t("stats.title")}
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Stat label={t("stats.sessions")} value={String(insights.sessions)} testId="stat-sessions" />
              <Stat label={t("stats.average")} value={duration(insights.averageSeconds)} testId="stat-average" />
              <Stat label={t("stats.longest")} value={duration(insights.longestSeconds)} testId="stat-longest" />
              <Stat label={t("stats.total")} value={duration(insights.totalSeconds)} testId="stat-total" />
              <Stat label={t("stats.today")} value={duration(insights.todaySeconds)} testId="stat-today" />
              {insights.goalSeconds ? (
                <Stat label={t("stats.streakLabel")} value={t("stats.streakDays", { count: insights.streak })} testId="stat-streak" />
              ) : null}
            </dl>
          </section>
          <section aria-labelledby="emotions-title">
            <h2 id="emotions-title" className="mb-2 text-lg font-bold text-white">
              {t("emotions.title")}
            </h2>
            {insights.emotions.length === 0 ? (
              <p className="text-ink-300">{t("emotions.none")}</p>
            ) : (
              <table className="w-full text-left text-sm" data-testid="emotions">
                <thead className="text-ink-300">
                  <tr>
                    <th scope="col" className="py-1">
                      {t("emotions.emotion")}
                    </th>
                    <th scope="col" className="py-1">
                      {t("emotions.sessions")}
                    </th>
                    <th scope="col" className="py-1">
                      {t("emotions.average")}
                    </th>
                  </tr>
                </thead>
                <tbody className="text-white">
                  {insights.emotions.map((e) => (
                    <tr key={e.id} className="border-t border-ink-800">
                      <th scope="row" className="py-1 font-semibold">
                        {e.name}
                      </th>
                      <td className="py-1">{e.sessions}</td>
                      <td className="py-1">{duration(e.averageSeconds)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <InsightsIntentions intentions={insights.intentions} />
          <InsightsMoodPairs recent={insights.recent} showCategories={!conscious} />
          {insights.habits ? (
            <InsightsHabits habits={insights.habits} intentions={insights.intentions} showCategories={!conscious} />
          ) : null}
        </>
      )}

      {/* The server sends no categories to Conscious Mode; the page does not rely on it alone. */}
      {insights.categories && !conscious ? (
        <InsightsCategories categories={insights.categories} />
      ) : insights.premium ? null : (
        <div className="flex flex-col gap-1 text-sm text-ink-300">
          <p>{t(conscious ? "premiumTeaserConscious" : "premiumTeaser")}</p>
          <p data-testid="habits-teaser">{t("habitsTeaser")}</p>
        </div>
      )}

      <section aria-labelledby="prompts-title">
        <h2 id="prompts-title" className="mb-2 text-lg font-bold text-white">
          {t("prompts.title")}
        </h2>
        <ul className="flex flex-col gap-2" data-testid="prompts">
          {insights.prompts.map((p) => (
            <li key={p.key} data-prompt={p.key} className="rounded-xl border border-ink-800 bg-ink-900 px-4 py-3 text-ink-200">
              {t(`prompts.${p.key}`, promptValues(p.values, duration))}
            </li>
          ))}
        </ul>
      </section>

      <GoalForm goalSeconds={insights.goalSeconds} />
    </div>
  );
}

/** A prompt's `durationSeconds` becomes its `{{duration}}` in words. */
function promptValues(values: Prompt["values"], duration: (seconds: number) => string) {
  if (!values || typeof values.durationSeconds !== "number") return values;
  return { ...values, duration: duration(values.durationSeconds) };
}
