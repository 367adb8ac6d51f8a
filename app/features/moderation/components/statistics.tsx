import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatNumber } from "~/lib/i18n/format";
import { intlLocale, type Language } from "~/lib/i18n/languages";
import { useT } from "~/lib/i18n/react";
import type { SiteStatistics } from "../statistics.server";
import { FormattedDate } from "./admin-ui";

type Unit = "hour" | "minute" | "second";

/** A duration in the two largest units that matter, e.g. "2 hr 5 min" / "2 h 5 min", "45 sec". */
export function readableDuration(seconds: number, language: Language): string {
  const unit = (value: number, name: Unit) =>
    new Intl.NumberFormat(intlLocale(language), { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return unit(total, "second");
  if (total < 3600) {
    const rest = total % 60;
    return [unit(Math.floor(total / 60), "minute"), rest ? unit(rest, "second") : ""].filter(Boolean).join(" ");
  }
  const minutes = Math.round(total / 60);
  const rest = minutes % 60;
  return [unit(Math.floor(minutes / 60), "hour"), rest ? unit(rest, "minute") : ""].filter(Boolean).join(" ");
}

function Duration({ seconds }: { seconds: number }) {
  const { language } = useT("admin");
  return <time dateTime={`PT${Math.max(0, Math.round(seconds))}S`}>{readableDuration(seconds, language)}</time>;
}

function Figures({ items }: { items: [label: string, value: ReactNode, testId: string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {items.map(([label, value, testId]) => (
        <div key={testId} className="rounded-lg bg-ink-900 p-3">
          <dt className="text-xs text-ink-300">{label}</dt>
          <dd className="text-xl font-bold text-white" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-lg font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A captioned table with column headers; the first cell of each row is its row header. An empty list says so instead. */
function StatTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  const { t } = useT("admin");
  if (rows.length === 0) {
    return (
      <div>
        <h4 className="font-semibold">{caption}</h4>
        <p className="text-ink-300">{t("statistics.none")}</p>
      </div>
    );
  }
  return (
    <table className="w-full text-left text-sm">
      <caption className="text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b border-ink-800">
          {headers.map((h) => (
            <th key={h} scope="col" className="py-2">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, cells: [first, ...rest] }) => (
          <tr key={key} className="border-b border-ink-900">
            <th scope="row" className="py-2 font-normal">
              {first}
            </th>
            {rest.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The statistics, site-wide (docs/product.md §10.8): likes, time, premium and app figures. */
export function SiteStatisticsView({ statistics }: { statistics: SiteStatistics }) {
  const { t, language } = useT("admin");
  const n = (value: number) => formatNumber(value, language);
  const named = (en: string, es: string) => (language === "es" ? es : en);
  const { flames, time, premium, app } = statistics;
  return (
    <section aria-labelledby="admin-statistics" className="space-y-6">
      <h2 id="admin-statistics" className="text-xl font-bold">
        {t("statistics.heading")}
      </h2>

      <Group id="statistics-app" title={t("statistics.app.heading")}>
        <Figures
          items={[
            [t("statistics.app.totalClips"), n(app.totalClips), "stat-clips"],
            [t("statistics.app.totalProfiles"), n(app.totalProfiles), "stat-profiles"],
            [t("statistics.app.totalFlames"), n(app.totalFlames), "stat-app-likes"],
          ]}
        />
      </Group>

      <Group id="statistics-likes" title={t("statistics.flames.heading")}>
        <Figures items={[[t("statistics.flames.totalFlames"), n(flames.totalFlames), "stat-likes"]]} />
        <StatTable
          caption={t("statistics.flames.categoriesFlamed")}
          headers={[t("statistics.flames.category"), t("statistics.flames.flames")]}
          rows={flames.categoriesFlamed.map((c) => ({ key: c.slug, cells: [named(c.nameEn, c.nameEs), n(c.flames)] }))}
        />
        <StatTable
          caption={t("statistics.flames.recentActivity")}
          headers={[t("statistics.flames.clip"), t("statistics.flames.flamedAt")]}
          rows={flames.recentActivity.map((f, i) => ({
            key: String(i),
            cells: [
              <Link
                key="clip"
                to={`/video/${f.clipSlug}`}
                className="text-flame-300 underline focus-visible:outline-2 focus-visible:outline-flame-400"
              >
                {f.clipTitle}
              </Link>,
              <FormattedDate key="at" value={f.flamedAt} />,
            ],
          }))}
        />
      </Group>

      <Group id="statistics-time" title={t("statistics.time.heading")}>
        <Figures
          items={[
            [t("statistics.time.totalTime"), <Duration key="total" seconds={time.totalTime} />, "stat-total-time"],
            [t("statistics.time.sessionCount"), n(time.sessionCount), "stat-sessions"],
            [t("statistics.time.averageTime"), <Duration key="average" seconds={time.averageTime} />, "stat-average-time"],
          ]}
        />
        <StatTable
          caption={t("statistics.time.sessions")}
          headers={[t("statistics.time.startedAt"), t("statistics.time.duration"), t("statistics.time.emotion")]}
          rows={time.sessions.map((s, i) => ({
            key: String(i),
            cells: [
              <FormattedDate key="at" value={s.startedAt} />,
              <Duration key="length" seconds={s.seconds} />,
              s.emotionEn && s.emotionEs ? named(s.emotionEn, s.emotionEs) : t("statistics.time.noEmotion"),
            ],
          }))}
        />
      </Group>

      <Group id="statistics-premium" title={t("statistics.premium.heading")}>
        <Figures
          items={[
            [t("statistics.premium.activePremiumUsers"), n(premium.activePremiumUsers), "stat-premium-users"],
            [t("statistics.premium.totalActivationsCreated"), n(premium.totalActivationsCreated), "stat-activations"],
          ]}
        />
        <StatTable
          caption={t("statistics.premium.sourceBreakdown")}
          headers={[t("statistics.premium.source"), t("statistics.premium.activations")]}
          rows={premium.sourceBreakdown.map((s) => ({
            key: s.source,
            cells: [t(`statistics.premium.sources.${s.source}`, { defaultValue: s.source }), n(s.activations)],
          }))}
        />
      </Group>
    </section>
  );
}
