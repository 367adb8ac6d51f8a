import type { Language } from "./languages";

// The browser's reader of the i18next resource files. i18next itself (16 KB
// gzipped) runs on the server for loaders, meta and e-mails; pages render with
// this ~1 KB subset on both sides, so hydration always matches. Parity with
// i18next for every key is checked in tests/unit/i18n.test.ts.
// See docs/decisions/005-i18n-runtime.md.

export type Resources = Record<string, Record<string, unknown>>;

export interface TranslateOptions {
  count?: number;
  returnObjects?: boolean;
  defaultValue?: string;
  [variable: string]: unknown;
}

export type Translate = (key: string, options?: TranslateOptions) => string;

function lookup(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, options: TranslateOptions): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? match : String(value);
  });
}

/** `t(key, options)` over the given namespaces, in order (e.g. ["legal", "common"]). */
export function createTranslator(language: Language, resources: Resources, namespaces: string[]): Translate {
  const plurals = pluralRulesOf(language);
  return (key, options = {}) => {
    const candidates = typeof options.count === "number" ? [`${key}_${plurals.select(options.count)}`, key] : [key];
    for (const namespace of namespaces) {
      for (const candidate of candidates) {
        const value = lookup(resources[namespace], candidate);
        if (typeof value === "string") return interpolate(value, options);
        if (value !== undefined && options.returnObjects) return value as string;
      }
    }
    return options.defaultValue ?? key;
  };
}

// Built once per language: every `useT` of every server render made its own.
const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralRulesOf(language: Language): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules;
}
