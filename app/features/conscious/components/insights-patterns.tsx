import type { Habits, HabitPrompt, NamedPattern, RecentSession } from "../insights.server";
import type { IntentionSummary } from "../patterns";
import { useDuration } from "./use-duration";
import { formatLongDate, formatNumber } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";

/** Intentions set in the period and how they ended: counts, never a claim. */
export function InsightsIntentions({ intentions }: { intentions: IntentionSummary }) {
  const { t } = useT("insights");
  return (
    <section aria-labelledby="intentions-title">
      <h2 id="intentions-title" className="mb-2 text-lg font-bold text-white">
        {t("intentions.title")}
      </h2>
      {intentions.set === 0 ? (
        <p className="text-ink-300">{t("intentions.none")}</p>
      ) : (
        <p
          className="text-ink-200"
          data-testid="intentions"
          data-set={intentions.set}
          data-kept={intentions.kept}
          data-stretched={intentions.stretched}
          data-missed={intentions.missed}
        >
          {t("intentions.summary", { ...intentions })}
        </p>
      )}
    </section>
  );
}

/** The latest mood pairs, each with its length, clips, swipe speed and the categories it watched. */
export function InsightsMoodPairs({ recent, showCategories }: { recent: RecentSession[]; showCategories: boolean }) {
  const { t, language } = useT("insights");
  const duration = useDuration();
  const none = t("pairs.noMood");
  return (
    <section aria-labelledby="pairs-title">
      <h2 id="pairs-title" className="text-lg font-bold text-white">
        {t("pairs.title")}
      </h2>
      <p className="mb-2 text-xs text-ink-300">{t("pairs.note")}</p>
      {recent.length === 0 ? (
        <p className="text-ink-300">{t("pairs.none")}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="mood-pairs">
          {recent.map((s) => (
            <li key={s.id} data-session={s.id} className="rounded-xl border border-ink-800 bg-ink-900 px-4 py-3 text-sm text-ink-200">
              <p className="font-semibold text-white" data-testid="mood-pair">
                {t("pairs.mood", { before: s.moodBefore ?? none, after: s.moodAfter ?? none })}
              </p>
              <p>
                {formatLongDate(s.day, language)} · {t("pairs.figures", { duration: duration(s.seconds), clips: s.clips })}
                {s.clipsPerMinute !== null
                  ? ` · ${t("pairs.pace", { speed: formatNumber(Math.round(s.clipsPerMinute * 10) / 10, language) })}`
                  : ""}
              </p>
              {showCategories && s.categories.length ? (
                <p data-testid="pair-categories">{t("pairs.watched", { categories: s.categories.join(", ") })}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type T = ReturnType<typeof useT>["t"];

/** A pattern's group in words: the category's name, or the translated time of day, length or speed. */
const groupWords = (t: T, p: NamedPattern) => p.groupName ?? t(`habits.groups.${p.dimension}.${p.group}`);

function promptText(t: T, prompt: HabitPrompt, intentions: IntentionSummary): string {
  if (prompt.pattern)
    return t(`habits.prompts.${prompt.key}`, {
      group: groupWords(t, prompt.pattern),
      mood: prompt.pattern.mood,
      count: prompt.pattern.count,
      of: prompt.pattern.of,
    });
  if (prompt.shift)
    return t(`habits.prompts.${prompt.key}`, {
      before: prompt.shift.beforeName,
      after: prompt.shift.afterName,
      count: prompt.shift.count,
      of: prompt.shift.of,
    });
  return t(`habits.prompts.${prompt.key}`, { ...intentions, stretched: intentions.stretched + intentions.missed });
}

/**
 * Premium's habit insights: each pattern a sentence with the numbers behind it, computed from the member's own
 * sessions by the rules of ../patterns.ts, and the reflection prompts chosen from them.
 */
export function InsightsHabits({
  habits: all,
  intentions,
  showCategories,
}: {
  habits: Habits;
  intentions: IntentionSummary;
  showCategories: boolean;
}) {
  const { t } = useT("insights");
  // Conscious Mode never names adult categories, whatever reached the page.
  const adult = (p?: NamedPattern) => !showCategories && p?.dimension === "category";
  const habits = { ...all, patterns: all.patterns.filter((p) => !adult(p)), prompts: all.prompts.filter((p) => !adult(p.pattern)) };
  return (
    <section aria-labelledby="habits-title" data-testid="habits">
      <h2 id="habits-title" className="text-lg font-bold text-white">
        {t("habits.title")}
      </h2>
      <p className="mb-2 text-xs text-ink-300">{t("habits.honest", { count: habits.sessions })}</p>
      {habits.patterns.length === 0 && habits.shifts.length === 0 ? (
        <p className="text-ink-300">{t("habits.none")}</p>
      ) : (
        <ul className="flex list-disc flex-col gap-1 pl-5 text-ink-200" data-testid="patterns">
          {habits.patterns.map((p) => (
            <li key={`${p.dimension}-${p.group}`} data-dimension={p.dimension} data-group={p.group} data-count={p.count} data-of={p.of}>
              {t(`habits.pattern.${p.dimension}`, { group: groupWords(t, p), mood: p.mood, count: p.count, of: p.of })}
            </li>
          ))}
          {habits.shifts.map((s) => (
            <li key={`shift-${s.before}`} data-dimension="shift" data-count={s.count} data-of={s.of}>
              {t("habits.shift", { before: s.beforeName, after: s.afterName, count: s.count, of: s.of })}
            </li>
          ))}
        </ul>
      )}
      {habits.prompts.length ? (
        <ul className="mt-3 flex flex-col gap-2" data-testid="habit-prompts">
          {habits.prompts.map((p) => (
            <li key={p.key} data-prompt={p.key} className="rounded-xl border border-calm-500/40 bg-ink-900 px-4 py-3 text-ink-200">
              {promptText(t, p, intentions)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
