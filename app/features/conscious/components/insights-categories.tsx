import type { CategoryTime } from "../insights.server";
import { useT } from "~/lib/i18n/react";
import { useDuration } from "./use-duration";

/**
 * Premium on the adult site: minutes spent on each browse category's clips in
 * the window. Each row says its figure in words; the bar only repeats it.
 */
export function InsightsCategories({ categories }: { categories: CategoryTime[] }) {
  const { t } = useT("insights");
  const duration = useDuration();
  const most = Math.max(1, ...categories.map((c) => c.seconds));
  return (
    <section aria-labelledby="categories-title">
      <h2 id="categories-title" className="text-lg font-bold text-white">
        {t("categories.title")}
      </h2>
      <p className="mb-2 text-xs text-ink-300">{t("categories.note")}</p>
      {categories.length === 0 ? (
        <p className="text-ink-300">{t("categories.none")}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="category-time">
          {categories.map((c) => (
            <li key={c.slug} data-category={c.slug} data-seconds={c.seconds} className="flex items-center gap-3 text-sm text-white">
              <span className="w-32 truncate">{c.name}</span>
              <span
                aria-hidden="true"
                className="h-3 rounded"
                style={{
                  width: `${(c.seconds / most) * 60}%`,
                  backgroundColor: c.color,
                }}
              />
              <span className="text-ink-300">{duration(c.seconds)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
