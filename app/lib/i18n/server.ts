import type { i18n, TFunction } from "i18next";
import { createI18n } from "./i18n";
import type { Language } from "./languages";
import { loadNamespaces } from "./resources";
import type { Resources } from "./translator";

// Every namespace is loaded once per language; the i18next instance is shared.
const instances = new Map<Language, Promise<i18n>>();
let source: (language: Language) => Promise<Resources> = (language) => loadNamespaces(language);

/** Code running outside Vite (the server under tsx) supplies its own way to read the locale files. */
export function setLocaleSource(read: (language: Language) => Promise<Resources>) {
  source = read;
  instances.clear();
}

export function i18nFor(language: Language): Promise<i18n> {
  let instance = instances.get(language);
  if (!instance) {
    instance = source(language).then((namespaces) => createI18n(language, namespaces));
    instances.set(language, instance);
  }
  return instance;
}

/** A translator for loaders and actions (titles, descriptions, messages, e-mails). */
export async function serverT(language: Language, namespace = "common"): Promise<TFunction> {
  const instance = await i18nFor(language);
  return instance.getFixedT(language, [namespace, "common"]);
}
