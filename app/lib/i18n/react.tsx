import { createContext, use, useContext, useMemo, type ReactNode } from "react";
import type { Language } from "./languages";
import { getNamespace, loadedNamespaces, loadNamespace, RESOURCES_ELEMENT_ID } from "./resources";
import { createTranslator, type Translate } from "./translator";

const I18nContext = createContext<Language | null>(null);

/**
 * Pages translate with `useT`. The server has every namespace loaded; the
 * browser starts with the ones the page declared (route `handle.i18n`) and
 * loads any other on first use, suspending until it arrives.
 */
export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <I18nContext.Provider value={language}>{children}</I18nContext.Provider>;
}

/** `const { t, language } = useT("legal")`: `t` looks in that namespace, then in common. */
export function useT(namespace = "common"): { t: Translate; language: Language } {
  const language = useContext(I18nContext);
  if (!language) throw new Error("useT needs an I18nProvider");
  // `use` runs on every render, never behind a condition: when a missing
  // namespace suspends the first render, React replays the component once it
  // arrives and relies on the same `use` calls to switch from its replay
  // hooks to mount hooks. Skipping `use` in that replay (the namespace is
  // loaded by then) made the next hook throw React error #467/#520.
  use(namespaceReady(language, namespace));
  use(namespaceReady(language, "common"));
  return useMemo(() => translatorFor(language, namespace), [language, namespace]);
}

/**
 * One translator per language and namespace while its resources stay the same objects (a server render
 * used to build one for every component that translates).
 */
const translators = new Map<string, { own: unknown; common: unknown; value: { t: Translate; language: Language } }>();
function translatorFor(language: Language, namespace: string): { t: Translate; language: Language } {
  const own = getNamespace(language, namespace);
  const common = getNamespace(language, "common");
  const key = `${language}:${namespace}`;
  const known = translators.get(key);
  if (known && known.own === own && known.common === common) return known.value;
  const resources = { [namespace]: own ?? {}, common: common ?? {} };
  const value = { t: createTranslator(language, resources, [namespace, "common"]), language };
  translators.set(key, { own, common, value });
  return value;
}

// A promise React reads without suspending (the `status` field is React's own
// protocol for thenables it has already seen settle).
const LOADED = Object.assign(Promise.resolve(), { status: "fulfilled" as const, value: undefined });

/** Settled at once when the namespace is there; otherwise the one loading promise of that file. */
function namespaceReady(language: Language, namespace: string): Promise<void> {
  return getNamespace(language, namespace) ? LOADED : loadNamespace(language, namespace);
}

/** Route handles list the namespaces their page uses so the browser can fetch them before hydrating. */
export interface I18nHandle {
  i18n?: string[];
}

/**
 * The page's namespaces as JSON in the HTML (docs/decisions/041-translations-in-the-page.md):
 * the browser reads them before hydrating instead of fetching a chunk per namespace. `<` is
 * escaped so no text can close the script element.
 */
export function PageTranslations({ language, namespaces, nonce }: { language: Language; namespaces: Iterable<string>; nonce?: string }) {
  const json = translationsJson(language, [...namespaces]);
  return (
    <script
      type="application/json"
      id={RESOURCES_ELEMENT_ID}
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** The page's namespaces as script-safe JSON, made once per language and set of namespaces while their files stay loaded. */
const translationsJsons = new Map<string, { resources: unknown[]; json: string }>();
function translationsJson(language: Language, namespaces: string[]): string {
  const key = `${language}:${namespaces.join(",")}`;
  const resources = namespaces.map((namespace) => getNamespace(language, namespace));
  const known = translationsJsons.get(key);
  if (known && known.resources.every((resource, i) => resource === resources[i])) return known.json;
  const json = JSON.stringify(loadedNamespaces(language, namespaces)).replace(/</g, "\\u003c");
  if (translationsJsons.size >= 200) translationsJsons.clear();
  translationsJsons.set(key, { resources, json });
  return json;
}
