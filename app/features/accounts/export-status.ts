export type ExportFormat = "json" | "csv";

/** What My account shows of "Download my data": nothing asked, being prepared, or ready with its links until it expires. */
export type ExportStatus =
  { state: "none" } | { state: "preparing"; askedAt: string } | { state: "ready"; expiresAt: string; links: Record<ExportFormat, string> };
