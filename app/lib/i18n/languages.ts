export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const LANGUAGE_COOKIE = "lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * docs/product.md §2.2: the cookie set by the language menu wins, then the best
 * Accept-Language match, then English.
 */
export function negotiateLanguage(cookieValue: string | undefined, acceptLanguage: string | null): Language {
  if (isLanguage(cookieValue)) return cookieValue;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { base: tag.toLowerCase().split("-")[0] ?? "", q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** BCP 47 locale for Intl formatting. */
export function intlLocale(language: Language): string {
  return language === "es" ? "es-ES" : "en-US";
}

/** The name in the visitor's language of anything named in both (categories, tags, emotions; rows or columns). */
export function localName<En, Es>(language: Language, named: { nameEn: En; nameEs: Es }): En | Es {
  return language === "es" ? named.nameEs : named.nameEn;
}

/** The Spanish text where there is one, else the original (descriptions and bios, ADR 021). */
export function localText<T>(language: Language | undefined, original: T, spanish: T | null): T {
  return (language === "es" ? spanish : null) ?? original;
}
