import { formatNumber } from "~/lib/i18n/format";
import type { Language } from "~/lib/i18n/languages";

// Two columns on a phone from three tiles on (a third of a phone is narrower than "Visualizaciones"); one row from the
// small breakpoint (five wrap to 3 + 2 until large).
const COLUMNS: Record<number, string> = {
  3: "grid-cols-2 sm:grid-cols-3",
  4: "grid-cols-2 sm:grid-cols-4",
  5: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-5",
};

/** A row of figures (creator and tag pages): label under the number, read as a description list. */
export function StatTiles({
  label,
  tiles,
  language,
}: {
  label: string;
  tiles: { key: string; label: string; value: number }[];
  language: Language;
}) {
  return (
    <section aria-label={label}>
      <dl className={`grid gap-3 ${COLUMNS[tiles.length] ?? "grid-cols-3"}`}>
        {tiles.map((tile) => (
          <div
            key={tile.key}
            data-stat={tile.key}
            className="flex flex-col-reverse rounded-2xl border border-ink-800 bg-ink-900 p-4 text-center"
          >
            <dt className="text-sm text-ink-300">{tile.label}</dt>
            <dd className="text-2xl font-black text-white">{formatNumber(tile.value, language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
