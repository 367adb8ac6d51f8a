import { Link } from "react-router";
import { DataTable } from "~/components/ui/data-table";
import type { Prompt } from "../insights";
import type { Insights } from "../insights.server";
import { InsightsCategories } from "./insights-categories";
import { InsightsChart } from "./insights-chart";
import { InsightsEmpty } from "./insights-empty";
import { GoalForm } from "./insights-goal-form";
import { InsightsHabits, InsightsIntentions, InsightsMoodPairs } from "./insights-patterns";
import { useDuration } from "./use-duration";
import { useRecountOnArrival } from "./use-recount";
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
  useRecountOnArrival();
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
              <DataTable
                testId="emotions"
                columns={[
                  { key: "emotion", header: t("emotions.emotion") },
                  { key: "sessions", header: t("emotions.sessions") },
                  { key: "average", header: t("emotions.average") },
                ]}
                rows={insights.emotions.map((e) => ({
                  key: String(e.id),
                  header: e.name,
                  cells: [e.sessions, duration(e.averageSeconds)],
                }))}
              />
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
