import { BarChart } from "~/components/ui/bar-chart";
import type { DayTotal } from "../insights";
import { toMinutes } from "../insights";
import { intlLocale } from "~/lib/i18n/languages";
import { useT } from "~/lib/i18n/react";
import { useDuration } from "./use-duration";

/** Minutes per day as bars drawn on the server, with the goal's line; each bar says its time, and a hidden table repeats the figures. */
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
  const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
  const max = Math.max(60, goalSeconds ?? 0, ...days.map((d) => d.seconds));
  const dense = days.length > 10;
  return (
    <BarChart
      caption={t("chart.caption", { count: days.length })}
      label={t("chart.title")}
      size="tall"
      max={max}
      bars={days.map((d, i) => ({
        key: d.day,
        label: t("chart.bar", { date: long.format(dateOf(d.day)), duration: duration(d.seconds) }),
        value: d.seconds,
        colour: goalSeconds !== null && d.seconds >= goalSeconds ? "bg-flame-500" : "bg-flame-300/80",
        // 30 narrow columns: a tick every 7th day counted back from today.
        tick: !dense || (days.length - 1 - i) % 7 === 0 ? short.format(dateOf(d.day)) : "",
        data: { day: d.day, minutes: toMinutes(d.seconds) },
      }))}
      overlay={
        goalSeconds ? (
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
        ) : null
      }
      table={{
        caption: t("chart.title"),
        columns: [
          { key: "day", header: t("chart.day") },
          { key: "time", header: t("chart.time") },
        ],
        rows: days.map((d) => ({ key: d.day, header: long.format(dateOf(d.day)), cells: [duration(d.seconds)] })),
      }}
    />
  );
}
