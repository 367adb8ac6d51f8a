import { intlLocale, type Language } from "./languages";

/** Long dates in the visitor's language, e.g. "November 22, 2026" / "22 de noviembre de 2026". */
export function formatLongDate(value: Date | string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone: "UTC" }).format(new Date(value));
}

export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}
