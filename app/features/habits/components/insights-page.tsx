import { Link, useFetcher } from "react-router";
import type { Insights } from "../insights.server";
import { GOAL_MAX_MINUTES, GOAL_MIN_MINUTES, toMinutes } from "../insights";
import { InsightsChart } from "./insights-chart";
import { useT } from "~/lib/i18n/react";

export type GoalActionData = { ok: true; cleared: boolean } | { ok: false };

function Stat({
  label,
  value,
  testId,
}: {
  label: string;
  value: string;
  testId: string;
}) {
  return (
    <div className="rounded-xl bg-ink-900 p-3">
      <dt className="text-xs text-ink-300">{label}</dt>
      <dd className="text-xl font-bold text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function GoalForm({ goalSeconds }: { goalSeconds: number | null }) {
  const { t } = useT("insights");
  const fetcher = useFetcher<GoalActionData>({ key: "insights-goal" });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section
      aria-labelledby="goal-title"
      className="rounded-2xl border border-ink-800 bg-ink-900 p-4"
    >
      <h2 id="goal-title" className="text-lg font-bold text-white">
        {t("goal.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-300" data-testid="goal-current">
        {goalSeconds
          ? t("goal.current", { minutes: toMinutes(goalSeconds) })
          : t("goal.none")}
      </p>
      <fetcher.Form
        method="post"
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <div className="flex flex-col gap-1">
          <label
            htmlFor="goal-minutes"
            className="text-sm font-semibold text-ink-200"
          >
            {t("goal.label")}
          </label>
          <input
            id="goal-minutes"
            name="minutes"
            type="number"
            inputMode="numeric"
            min={GOAL_MIN_MINUTES}
            max={GOAL_MAX_MINUTES}
            step={1}
            defaultValue={goalSeconds ? toMinutes(goalSeconds) : ""}
            aria-describedby="goal-hint"
            aria-invalid={result?.ok === false || undefined}
            className="w-32 rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 text-white"
          />
        </div>
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-700 disabled:opacity-60"
        >
          {t("goal.save")}
        </button>
      </fetcher.Form>
      <p id="goal-hint" className="mt-2 text-xs text-ink-300">
        {t("goal.hint")}
      </p>
      <p role="status" className="mt-2 text-sm" data-testid="goal-status">
        {result ? (
          result.ok ? (
            <span className="text-ink-200">
              {result.cleared ? t("goal.cleared") : t("goal.saved")}
            </span>
          ) : (
            <span className="text-flame-300">{t("goal.invalid")}</span>
          )
        ) : null}
      </p>
    </section>
  );
}

/** DESIGN 12: the signed-in user's own usage figures, goal and reflection prompts. */
export function InsightsPage({ insights }: { insights: Insights }) {
  const { t } = useT("insights");
  const minutes = (seconds: number) =>
    t("stats.minutes", { count: toMinutes(seconds) });
  const empty = insights.sessions === 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold text-white">{t("title")}</h1>
        <p className="mt-1 text-ink-300">
          {t("intro", { count: insights.periodDays })}
        </p>
        <p className="mt-1 text-xs text-ink-300">{t("utcNote")}</p>
      </header>

      {empty ? (
        <section
          aria-labelledby="empty-title"
          className="rounded-2xl border border-ink-800 bg-ink-900 p-6 text-center"
        >
          <h2 id="empty-title" className="text-xl font-bold text-white">
            {t("empty.title")}
          </h2>
          <p className="mt-2 text-ink-300">{t("empty.body")}</p>
          <Link
            to="/"
            className="mt-4 inline-block rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-700"
          >
            {t("empty.cta")}
          </Link>
        </section>
      ) : (
        <>
          <section aria-labelledby="chart-title">
            <h2 id="chart-title" className="mb-2 text-lg font-bold text-white">
              {t("chart.title")}
            </h2>
            <InsightsChart
              days={insights.days}
              goalSeconds={insights.goalSeconds}
            />
          </section>
          <section aria-labelledby="stats-title">
            <h2 id="stats-title" className="mb-2 text-lg font-bold text-white">
              {t("stats.title")}
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Stat
                label={t("stats.sessions")}
                value={String(insights.sessions)}
                testId="stat-sessions"
              />
              <Stat
                label={t("stats.average")}
                value={minutes(insights.averageSeconds)}
                testId="stat-average"
              />
              <Stat
                label={t("stats.longest")}
                value={minutes(insights.longestSeconds)}
                testId="stat-longest"
              />
              <Stat
                label={t("stats.total")}
                value={minutes(insights.totalSeconds)}
                testId="stat-total"
              />
              <Stat
                label={t("stats.today")}
                value={minutes(insights.todaySeconds)}
                testId="stat-today"
              />
              {insights.goalSeconds ? (
                <Stat
                  label={t("stats.streakLabel")}
                  value={t("stats.streakDays", { count: insights.streak })}
                  testId="stat-streak"
                />
              ) : null}
            </dl>
          </section>
          <section aria-labelledby="emotions-title">
            <h2
              id="emotions-title"
              className="mb-2 text-lg font-bold text-white"
            >
              {t("emotions.title")}
            </h2>
            {insights.emotions.length === 0 ? (
              <p className="text-ink-300">{t("emotions.none")}</p>
            ) : (
              <table
                className="w-full text-left text-sm"
                data-testid="emotions"
              >
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
                      <td className="py-1">{toMinutes(e.averageSeconds)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}

      {insights.categories ? (
        <section aria-labelledby="categories-title">
          <h2 id="categories-title" className="text-lg font-bold text-white">
            {t("categories.title")}
          </h2>
          <p className="mb-2 text-xs text-ink-300">{t("categories.note")}</p>
          {insights.categories.length === 0 ? (
            <p className="text-ink-300">{t("categories.none")}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {insights.categories.map((c) => (
                <li
                  key={c.name}
                  className="flex items-center gap-3 text-sm text-white"
                >
                  <span className="w-32 truncate">{c.name}</span>
                  <span
                    aria-hidden="true"
                    className="h-3 rounded"
                    style={{
                      width: `${(c.flames / insights.categories![0]!.flames) * 60}%`,
                      backgroundColor: c.color,
                    }}
                  />
                  <span className="text-ink-300">
                    {t("categories.flames", { count: c.flames })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <p className="text-sm text-ink-300">{t("categories.premiumTeaser")}</p>
      )}

      <section aria-labelledby="prompts-title">
        <h2 id="prompts-title" className="mb-2 text-lg font-bold text-white">
          {t("prompts.title")}
        </h2>
        <ul className="flex flex-col gap-2" data-testid="prompts">
          {insights.prompts.map((p) => (
            <li
              key={p.key}
              data-prompt={p.key}
              className="rounded-xl border border-ink-800 bg-ink-900 px-4 py-3 text-ink-200"
            >
              {t(`prompts.${p.key}`, p.values)}
            </li>
          ))}
        </ul>
      </section>

      <GoalForm goalSeconds={insights.goalSeconds} />
    </div>
  );
}
