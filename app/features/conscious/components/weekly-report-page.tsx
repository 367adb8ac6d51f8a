import { Link } from "react-router";
import { DataTable } from "~/components/ui/data-table";
import type { WeekFigures } from "../report";
import type { WeeklyReportPage } from "../report.server";
import { useDuration } from "./use-duration";
import { useRecountOnArrival } from "./use-recount";
import { WeeklyMailForm } from "./weekly-mail-form";
import { useBrandMode } from "~/lib/brand-context";
import { formatLongDate } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";

const kept = (w: WeekFigures) => w.intentions.kept;

/** A change in words: "+3", "−2" or "same". */
function useChange() {
  const { t } = useT("insights");
  return (now: number, before: number, format: (n: number) => string = String) =>
    now === before ? t("week.same") : `${now > before ? "+" : "−"}${format(Math.abs(now - before))}`;
}

/** The weekly report: the last 7 days against the 7 before, from the member's own sessions. */
export function WeeklyReportView({ report, weeklyMail }: { report: WeeklyReportPage; weeklyMail: boolean }) {
  const { t, language } = useT("insights");
  const conscious = useBrandMode() === "conscious";
  const duration = useDuration();
  const change = useChange();
  useRecountOnArrival();
  const { week, before } = report;
  const rows: { key: string; label: string; now: number; then: number; show: (n: number) => string }[] = [
    { key: "time", label: t("week.time"), now: week.seconds, then: before.seconds, show: duration },
    { key: "sessions", label: t("week.sessions"), now: week.sessions, then: before.sessions, show: String },
    {
      key: "kept",
      label: t("week.kept"),
      now: kept(week),
      then: kept(before),
      show: String,
    },
  ];
  const moodIds = [...new Set([...week.moods, ...before.moods].map((m) => m.id))];
  const countOf = (list: { id: number; count: number }[], id: number) => list.find((m) => m.id === id)?.count ?? 0;
  const categoryKeys = conscious ? [] : [...new Set([...week.categories, ...before.categories].map((c) => c.key))];
  const sessionsOf = (w: WeekFigures, key: string) => w.categories.find((c) => c.key === key)?.sessions ?? 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold text-white">{t("week.title")}</h1>
        <p className="mt-1 text-ink-300">
          {t("week.intro", { from: formatLongDate(week.from, language), to: formatLongDate(week.to, language) })}
        </p>
        <p className="mt-1 text-xs text-ink-300">{t("timeZoneNote", { zone: report.timeZone })}</p>
      </header>
      <section aria-labelledby="week-figures">
        <h2 id="week-figures" className="mb-2 text-lg font-bold text-white">
          {t("week.figures")}
        </h2>
        <DataTable
          testId="week-figures"
          columns={[
            { key: "figure", header: <span className="sr-only">{t("week.figure")}</span> },
            { key: "now", header: t("week.thisWeek") },
            { key: "before", header: t("week.before") },
            { key: "change", header: t("week.change") },
          ]}
          rows={rows.map((r) => ({
            key: r.key,
            data: { figure: r.key, now: r.now, before: r.then },
            header: r.label,
            cells: [r.show(r.now), r.show(r.then), change(r.now, r.then, r.show)],
          }))}
        />
        {week.intentions.set ? <p className="mt-2 text-sm text-ink-300">{t("intentions.summary", { ...week.intentions })}</p> : null}
      </section>
      <section aria-labelledby="week-moods">
        <h2 id="week-moods" className="mb-2 text-lg font-bold text-white">
          {t("week.moods")}
        </h2>
        {moodIds.length === 0 ? (
          <p className="text-ink-300">{t("week.noMoods")}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-ink-200" data-testid="week-moods">
            {moodIds.map((id) => (
              <li key={id} data-mood={id} data-now={countOf(week.moods, id)} data-before={countOf(before.moods, id)}>
                {t("week.moodLine", {
                  mood: report.moodNames[id] ?? "?",
                  count: countOf(week.moods, id),
                  before: countOf(before.moods, id),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
      {conscious ? null : (
        <section aria-labelledby="week-categories">
          <h2 id="week-categories" className="mb-2 text-lg font-bold text-white">
            {t("week.categories")}
          </h2>
          {categoryKeys.length === 0 ? (
            <p className="text-ink-300">{t("week.noCategories")}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-ink-200" data-testid="week-categories">
              {categoryKeys.map((key) => (
                <li key={key} data-category={key} data-now={sessionsOf(week, key)} data-before={sessionsOf(before, key)}>
                  {t("week.categoryLine", {
                    category: report.categoryNames[key] ?? key,
                    count: sessionsOf(week, key),
                    before: sessionsOf(before, key),
                  })}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <WeeklyMailForm on={weeklyMail} />
      <Link to="/insights" className="self-start text-calm-300 underline">
        {t("week.back")}
      </Link>
    </div>
  );
}
