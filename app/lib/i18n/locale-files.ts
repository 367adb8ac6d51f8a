// Every app/locales/<lang>/<namespace>.json as a lazy chunk. This map (one entry per language and
// namespace) is itself loaded only when a namespace the page did not bring is needed, so it stays
// out of the first-load JavaScript (docs/decisions/041-translations-in-the-page.md).
export const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json");
