import { createContext, use, useContext, useMemo, type ReactNode } from "react";
import type { Language } from "./languages";
import { getNamespace, loadNamespace } from "./resources";
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
  for (const ns of [namespace, "common"]) if (!getNamespace(language, ns)) use(loadNamespace(language, ns));
  return useMemo(() => {
    const resources = { [namespace]: getNamespace(language, namespace) ?? {}, common: getNamespace(language, "common") ?? {} };
    return { t: createTranslator(language, resources, [namespace, "common"]), language };
  }, [language, namespace]);
}

/** Route handles list the namespaces their page uses so the browser can fetch them before hydrating. */
export interface I18nHandle {
  i18n?: string[];
}
