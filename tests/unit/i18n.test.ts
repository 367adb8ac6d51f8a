import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/lib/i18n/i18n";
import { LANGUAGES, negotiateLanguage } from "~/lib/i18n/languages";
import { loadNamespaces } from "~/lib/i18n/resources";
import { createTranslator } from "~/lib/i18n/translator";

describe("language negotiation", () => {
  it("prefers the cookie, then Accept-Language by quality, then English", () => {
    expect(negotiateLanguage("es", "en-US,en;q=0.9")).toBe("es");
    expect(negotiateLanguage(undefined, "fr-FR,es;q=0.8,en;q=0.5")).toBe("es");
    expect(negotiateLanguage(undefined, "en;q=0.2,es-MX;q=0.9")).toBe("es");
    expect(negotiateLanguage("de", "fr")).toBe("en");
    expect(negotiateLanguage(undefined, null)).toBe("en");
    expect(negotiateLanguage(undefined, "es;q=0")).toBe("en");
  });
});

const leafKeys = (value: unknown, prefix = ""): string[] =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe("locale files", () => {
  it("have the same namespaces and keys in English and Spanish", async () => {
    const en = await loadNamespaces("en");
    const es = await loadNamespaces("es");
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const namespace of Object.keys(en)) {
      expect(new Set(leafKeys(es[namespace])), namespace).toEqual(new Set(leafKeys(en[namespace])));
    }
  });

  // The browser's small translator must say exactly what i18next says.
  it("translate identically with i18next and the page translator", async () => {
    for (const language of LANGUAGES) {
      const namespaces = await loadNamespaces(language);
      const i18n = createI18n(language, namespaces);
      for (const [namespace, tree] of Object.entries(namespaces)) {
        const t = createTranslator(language, namespaces, [namespace, "common"]);
        const reference = i18n.getFixedT(language, [namespace, "common"]);
        const keys = new Set(leafKeys(tree).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")));
        for (const key of keys) {
          if (Array.isArray(key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree))) {
            expect(t(key, { returnObjects: true }), key).toEqual(reference(key, { returnObjects: true }));
            continue;
          }
          for (const options of [{ year: 2026, site: "Conscious Mode", code: "userbeta", date: "today" }, { count: 1 }, { count: 7 }]) {
            expect(t(key, options), `${language}/${namespace}:${key}`).toEqual(reference(key, options));
          }
        }
        expect(t("no.such.key")).toBe(reference("no.such.key"));
      }
    }
  });

  // The interface calls a flame "flama" in Spanish; "llama" crept into newer texts (the verb "se llama" is fine).
  it("call flames by one word in Spanish", async () => {
    const es = await loadNamespaces("es");
    const strays = Object.entries(es).flatMap(([namespace, tree]) =>
      (JSON.stringify(tree).match(/(?<!\bse )\bllamas?\b/gi) ?? []).map((word) => `${namespace}: ${word}`),
    );
    expect(strays).toEqual([]);
  });

  // The privacy page names the feed's orders as its menu does.
  it("name the feed's orders on the privacy page as the feed's menu does", async () => {
    for (const language of LANGUAGES) {
      const { feed, legal } = await loadNamespaces(language, ["feed", "legal"]);
      const order = (feed as { order: Record<string, string> }).order;
      const or = language === "es" ? "o" : "or";
      expect(JSON.stringify(legal), language).toContain(`(${order["for-you"]}, ${order.newest} ${or} ${order.shuffle},`);
    }
  });
});

describe("namespaces named in the code", () => {
  // A namespace renamed in the locale files but not where the code names it falls back to bare keys on
  // the page; every name the code passes (useT, serverT, an action's namespace, a route's i18n list) must exist.
  it("each have a locale file in English and Spanish", () => {
    const root = path.resolve("app");
    const sources = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => /\.(ts|tsx)$/.test(f));
    const named = new Set<string>();
    const patterns = [/\buseT\("([\w-]+)"\)/g, /\bserverT\([^;]*?,\s*"([\w-]+)"\)/g, /\bnamespace:\s*"([\w-]+)"/g];
    for (const file of sources) {
      const text = readFileSync(path.join(root, file), "utf8");
      for (const pattern of patterns) for (const match of text.matchAll(pattern)) named.add(match[1]!);
      for (const list of text.matchAll(/\bi18n:\s*\[([^\]]*)\]/g))
        for (const match of list[1]!.matchAll(/"([\w-]+)"/g)) named.add(match[1]!);
    }
    expect(named.size).toBeGreaterThan(10);
    const missing = [...named].filter((ns) => ["en", "es"].some((lang) => !existsSync(path.join(root, "locales", lang, `${ns}.json`))));
    expect(missing).toEqual([]);
  });
});
