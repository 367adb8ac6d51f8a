import { formatNumber } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";
import type { TagStats as Stats } from "../tags.server";

export function TagStats({ stats }: { stats: Stats }) {
  const { t, language } = useT("tag");
  const tiles = [
    ["videos", stats.videos],
    ["flames", stats.flames],
    ["creators", stats.creators],
  ] as const;
  return (
    <section aria-label={t("stats.label")}>
      <dl className="grid grid-cols-3 gap-3">
        {tiles.map(([key, value]) => (
          <div key={key} data-stat={key} className="flex flex-col-reverse rounded-2xl border border-ink-800 bg-ink-900 p-4 text-center">
            <dt className="text-sm text-ink-300">{t(`stats.${key}`)}</dt>
            <dd className="text-2xl font-black text-white">{formatNumber(value, language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
