/** One usage session as the member's data export shows it: moods by their English names, times in ISO 8601. */
export interface ExportedSession {
  id: string;
  startedAt: string;
  seconds: number;
  clips: number;
  moodBefore: string | null;
  moodAfter: string | null;
  intention: { kind: string; target: number | null } | null;
  fiveMore: number;
  endedBy: string | null;
  /** The hour (0–23) it began on the member's clock. */
  localHour: number | null;
  /** Seconds on screen per browse category (slug); absent in Conscious Mode, which never names adult categories. */
  categories?: Record<string, number>;
  /** What the watch signals say was watched per category (slug): milliseconds played and distinct clips; adult site only. */
  watched?: Record<string, { ms: number; clips: number }>;
}

const CSV_COLUMNS = [
  "id",
  "startedAt",
  "seconds",
  "clips",
  "moodBefore",
  "moodAfter",
  "intention",
  "intentionTarget",
  "fiveMore",
  "endedBy",
  "localHour",
];

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused for spreadsheets. */
function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The sessions as CSV (RFC 4180 line ends), one row a session, the header first. */
export function sessionsCsv(sessions: ExportedSession[]): string {
  const lines = sessions.map((s) =>
    [
      s.id,
      s.startedAt,
      s.seconds,
      s.clips,
      s.moodBefore,
      s.moodAfter,
      s.intention?.kind,
      s.intention?.target,
      s.fiveMore,
      s.endedBy,
      s.localHour,
    ]
      .map(csvField)
      .join(","),
  );
  return [CSV_COLUMNS.join(","), ...lines].join("\r\n") + "\r\n";
}
