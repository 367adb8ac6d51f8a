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
  return useMemo(() => {
    const resources = { [namespace]: getNamespace(language, namespace) ?? {}, common: getNamespace(language, "common") ?? {} };
    return { t: createTranslator(language, resources, [namespace, "common"]), language };
  }, [language, namespace]);
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
  const json = JSON.stringify(loadedNamespaces(language, namespaces)).replace(/</g, "\\u003c");
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
