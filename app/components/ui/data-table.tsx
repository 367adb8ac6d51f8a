import type { ReactNode } from "react";

export interface TableColumn {
  key: string;
  /** The column's header; the first column's heads the rows' own headers. */
  header: ReactNode;
  /** Figures: right-aligned, in tabular digits. */
  numeric?: boolean;
}

export interface TableRow {
  key: string;
  /** The row's header (the first column), read before each of its cells. */
  header: ReactNode;
  /** One cell for each column after the first. */
  cells: ReactNode[];
  /** data-* attributes of the row: { figure: "time" } is data-figure="time". */
  data?: Record<string, string | number>;
}

interface ToneClasses {
  /** The scrolling frame around a table wider than a phone. */
  frame?: string;
  table: string;
  head?: string;
  headCell?: string;
  body?: string;
  row?: string;
  rowHead?: string;
  cell?: string;
}

/**
 * plain: figures inside a page's section; panel: a wide table of figures in its own framed, scrolling box; text:
 * words side by side (the desk's now and proposed) in a scrolling box; hidden: for screen readers only, the figures
 * behind a chart.
 */
export type TableTone = "plain" | "panel" | "text" | "hidden";

const TONES: Record<TableTone, ToneClasses> = {
  plain: {
    table: "w-full text-left text-sm",
    head: "text-ink-300",
    headCell: "py-1",
    body: "text-white",
    row: "border-t border-ink-800",
    rowHead: "py-1 font-semibold",
    cell: "py-1",
  },
  panel: {
    frame: "overflow-x-auto rounded-2xl border border-ink-800",
    table: "w-full min-w-[40rem] text-left text-sm",
    head: "bg-ink-900 text-ink-300",
    headCell: "p-3",
    row: "border-t border-ink-800",
    rowHead: "p-3 font-normal",
    cell: "p-3",
  },
  text: {
    frame: "overflow-x-auto",
    table: "w-full min-w-[32rem] text-left text-sm",
    head: "text-ink-300",
    headCell: "p-2",
    row: "border-t border-ink-800 align-top",
    rowHead: "p-2 font-normal text-ink-300",
    cell: "p-2 break-words whitespace-pre-wrap",
  },
  hidden: { table: "sr-only" },
};

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ") || undefined;
/** { day: "2026-11-28" } as the props data-day="2026-11-28". */
export const dataAttributes = (data: Record<string, string | number> = {}) =>
  Object.fromEntries(Object.entries(data).map(([name, value]) => [`data-${name}`, value]));

/**
 * A table of figures as the site draws them (creator dashboard, insights, the weekly report, the desk): column
 * headers, and each row led by its own header cell, so a screen reader names both for every cell. A framed tone
 * scrolls sideways inside a focusable region named by `region` (its label, or the id of a heading that names it).
 */
export function DataTable({
  columns,
  rows,
  tone = "plain",
  caption,
  region,
  testId,
}: {
  columns: TableColumn[];
  rows: TableRow[];
  tone?: TableTone;
  caption?: ReactNode;
  region?: { label: string } | { labelledBy: string };
  testId?: string;
}) {
  const classes = TONES[tone];
  const [rowHeadColumn, ...cellColumns] = columns;
  const table = (
    <table className={classes.table} data-testid={testId}>
      {caption ? <caption>{caption}</caption> : null}
      <thead className={classes.head}>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={join(classes.headCell, column.numeric && "text-right")}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={classes.body}>
        {rows.map((row) => (
          <tr key={row.key} className={classes.row} {...dataAttributes(row.data)}>
            <th scope="row" className={join(classes.rowHead, rowHeadColumn?.numeric && "text-right tabular-nums")}>
              {row.header}
            </th>
            {row.cells.map((cell, i) => (
              <td key={cellColumns[i]?.key ?? i} className={join(classes.cell, cellColumns[i]?.numeric && "text-right tabular-nums")}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!classes.frame) return table;
  return (
    <div
      className={classes.frame}
      role="region"
      tabIndex={0}
      aria-label={region && "label" in region ? region.label : undefined}
      aria-labelledby={region && "labelledBy" in region ? region.labelledBy : undefined}
    >
      {table}
    </div>
  );
}
