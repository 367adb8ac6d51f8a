import type { ReactNode } from "react";
import { dataAttributes, DataTable, type TableColumn, type TableRow } from "./data-table";

export interface ChartBar {
  key: string;
  /** What a screen reader reads for the bar: its day and its figures in words. */
  label: string;
  value: number;
  /** The bar's colour: a background class. */
  colour: string;
  /** A short label under the bar ("" for none): the axis, hidden from screen readers, who read `label`. */
  tick?: string;
  /** data-* attributes of the bar's list item. */
  data?: Record<string, string | number>;
}

/** short: a card's chart (creator dashboard); tall: a page's own (insights). */
const SIZES = { short: { height: "h-28", gap: "gap-px" }, tall: { height: "h-40", gap: "gap-1" } } as const;

/**
 * Figures per day as CSS bars drawn on the server (creator dashboard, insights): a figure with its caption, the bars
 * as a list named `label` whose items say their figures in words, an optional line drawn over them (`overlay`,
 * positioned inside the plot), an axis of ticks, and an optional table repeating the figures for screen readers.
 * A bar's height is its share of `max`; a bar above zero is at least 2 px, and with `showZero` so is an empty one
 * (a day without views still reads as a day).
 */
export function BarChart({
  caption,
  label,
  bars,
  max,
  size,
  showZero = false,
  overlay,
  table,
}: {
  caption: ReactNode;
  label: string;
  bars: ChartBar[];
  max: number;
  size: keyof typeof SIZES;
  showZero?: boolean;
  overlay?: ReactNode;
  table?: { caption: ReactNode; columns: TableColumn[]; rows: TableRow[] };
}) {
  const { height, gap } = SIZES[size];
  const ticks = bars.some((bar) => bar.tick !== undefined);
  // Past ten bars a tick may run past its narrow column; below that each is cut to its own.
  const tickClass = bars.length > 10 ? "flex-1 whitespace-nowrap" : "flex-1 truncate";
  return (
    <figure className="rounded-2xl border border-ink-800 bg-ink-900 p-4">
      <figcaption className="mb-3 text-sm text-ink-300">{caption}</figcaption>
      <div className={`relative ${height}`}>
        {overlay}
        <ol className={`flex h-full items-end ${gap}`} aria-label={label}>
          {bars.map((bar) => (
            <li key={bar.key} className="flex h-full flex-1 items-end" {...dataAttributes(bar.data)}>
              <span className="sr-only">{bar.label}</span>
              <span
                aria-hidden="true"
                className={`w-full rounded-t ${bar.colour}`}
                style={{ height: `${max > 0 ? (bar.value / max) * 100 : 0}%`, minHeight: bar.value > 0 || showZero ? 2 : 0 }}
              />
            </li>
          ))}
        </ol>
      </div>
      {ticks ? (
        <div aria-hidden="true" className={`mt-1 flex ${gap} text-center text-[0.65rem] text-ink-300`}>
          {bars.map((bar) => (
            <span key={bar.key} className={tickClass}>
              {bar.tick}
            </span>
          ))}
        </div>
      ) : null}
      {table ? <DataTable tone="hidden" caption={table.caption} columns={table.columns} rows={table.rows} /> : null}
    </figure>
  );
}
