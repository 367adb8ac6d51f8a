import { useFetcher } from "react-router";
import { GOAL_MAX_MINUTES, GOAL_MIN_MINUTES, toMinutes } from "../insights";
import type { ActionReply } from "~/lib/http/action.server";
import { useT } from "~/lib/i18n/react";

/** The goal action's reply (ADR 024). */
export type GoalActionData = ActionReply<{ cleared: boolean }>;

/** The daily-limit goal: saved or cleared through the page's action, without leaving the page. */
export function GoalForm({ goalSeconds }: { goalSeconds: number | null }) {
  const { t } = useT("insights");
  const fetcher = useFetcher<GoalActionData>({ key: "insights-goal" });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section aria-labelledby="goal-title" className="rounded-2xl border border-ink-800 bg-ink-900 p-4">
      <h2 id="goal-title" className="text-lg font-bold text-white">
        {t("goal.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-300" data-testid="goal-current">
        {goalSeconds ? t("goal.current", { minutes: toMinutes(goalSeconds) }) : t("goal.none")}
      </p>
      <fetcher.Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="goal-minutes" className="text-sm font-semibold text-ink-200">
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
            <span className="text-ink-200">{result.cleared ? t("goal.cleared") : t("goal.saved")}</span>
          ) : (
            <span className="text-flame-300">{result.errors.minutes ?? result.errors.form}</span>
          )
        ) : null}
      </p>
    </section>
  );
}
