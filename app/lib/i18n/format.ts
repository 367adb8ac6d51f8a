import { intlLocale, type Language } from "./languages";

// Intl formatters are costly to build (a page listing forty tag counts built forty of them per render):
// one per language, kept.
const longDates = new Map<Language, Intl.DateTimeFormat>();
const numbers = new Map<Language, Intl.NumberFormat>();

/** Long dates in the visitor's language, e.g. "November 22, 2026" / "22 de noviembre de 2026". */
export function formatLongDate(value: Date | string, language: Language): string {
  let format = longDates.get(language);
  if (!format) longDates.set(language, (format = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone: "UTC" })));
  return format.format(new Date(value));
}

export function formatNumber(value: number, language: Language): string {
  let format = numbers.get(language);
  if (!format) numbers.set(language, (format = new Intl.NumberFormat(intlLocale(language))));
  return format.format(value);
}
