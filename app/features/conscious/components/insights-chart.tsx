import type { DayTotal } from "../insights";
import { toMinutes } from "../insights";
import { intlLocale } from "~/lib/i18n/languages";
import { useT } from "~/lib/i18n/react";
import { useDuration } from "./use-duration";

/** Minutes per day as CSS bars drawn on the server; each bar is labelled, and a hidden table repeats the figures. */
export function InsightsChart({ days, goalSeconds }: { days: DayTotal[]; goalSeconds: number | null }) {
  const { t, language } = useT("insights");
  const duration = useDuration();
  const short = new Intl.DateTimeFormat(intlLocale(language), {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  const long = new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: "long",
    timeZone: "UTC",
  });
  const max = Math.max(60, goalSeconds ?? 0, ...days.map((d) => d.seconds));
  const dense = days.length > 10;
  return (
    <figure className="rounded-2xl border border-ink-800 bg-ink-900 p-4">
      <figcaption className="mb-3 text-sm text-ink-300">{t("chart.caption", { count: days.length })}</figcaption>
      <div className="relative flex h-40 items-end gap-1" role="list" aria-label={t("chart.title")}>
        {goalSeconds ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 border-t border-dashed border-flame-300/70"
            style={{ bottom: `${(goalSeconds / max) * 100}%` }}
          >
            {/* Bars can rise behind the label: its own solid background keeps it readable (AA). */}
            <span className="absolute -top-5 right-0 rounded bg-ink-950 px-1 text-xs text-flame-300">
              {t("chart.goalLine", { minutes: toMinutes(goalSeconds) })}
            </span>
          </div>
        ) : null}
        {days.map((d) => {
          const date = new Date(`${d.day}T00:00:00Z`);
          const over = goalSeconds !== null && d.seconds >= goalSeconds;
          return (
            <div
              key={d.day}
              role="listitem"
              aria-label={t("chart.bar", { date: long.format(date), duration: duration(d.seconds) })}
              data-day={d.day}
              data-minutes={toMinutes(d.seconds)}
              className="flex h-full flex-1 flex-col justify-end"
            >
              <div
                className={`w-full rounded-t ${over ? "bg-flame-500" : "bg-flame-300/80"}`}
                style={{
                  height: `${(d.seconds / max) * 100}%`,
                  minHeight: d.seconds > 0 ? 2 : 0,
                }}
              />
            </div>
          );
        })}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-1 text-center text-[0.65rem] text-ink-300">
        {days.map((d, i) => (
          // 30 narrow columns: a label every 7th day counted back from today, allowed past its column.
          <span key={d.day} className={dense ? "flex-1 whitespace-nowrap" : "flex-1 truncate"}>
            {!dense || (days.length - 1 - i) % 7 === 0 ? short.format(new Date(`${d.day}T00:00:00Z`)) : ""}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>{t("chart.title")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("chart.day")}</th>
            <th scope="col">{t("chart.time")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{long.format(new Date(`${d.day}T00:00:00Z`))}</th>
              <td>{duration(d.seconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
