import i18next, { type i18n } from "i18next";
import { DEFAULT_LANGUAGE, type Language } from "./languages";
import type { Resources } from "./translator";

/** A synchronous i18next instance for one language (server side: loaders, meta, e-mails). */
export function createI18n(language: Language, namespaces: Resources): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [language]: namespaces },
    defaultNS: "common",
    ns: Object.keys(namespaces),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
