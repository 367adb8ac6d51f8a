import type { Language } from "./languages";
import type { Resources } from "./translator";

// Each JSON file under app/locales/<lang>/ is one namespace, its own chunk, so
// the browser downloads only the namespaces a page uses (route `handle.i18n`).
// The map of those chunks is imported lazily (./locale-files.ts): Vite compiles its glob, while
// code run outside Vite (the server's own modules under tsx) reads locales from disk instead
// (server/locales.ts); and the browser needs it only for a namespace the page did not bring.
type LocaleFiles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;
let globbed: Promise<LocaleFiles> | undefined;
const localeFiles = () => (globbed ??= import("./locale-files").then((m) => m.localeFiles));

const loaded = new Map<string, Record<string, unknown>>();
const pending = new Map<string, Promise<void>>();
const file = (language: Language, namespace: string) => `../../locales/${language}/${namespace}.json`;

export function getNamespace(language: Language, namespace: string): Record<string, unknown> | undefined {
  return loaded.get(file(language, namespace));
}

/** Loads one namespace once; the same promise is returned while it loads (React `use`). */
export function loadNamespace(language: Language, namespace: string): Promise<void> {
  const path = file(language, namespace);
  if (loaded.has(path)) return Promise.resolve();
  let promise = pending.get(path);
  if (!promise) {
    promise = localeFiles().then(async (files) => {
      const load = files[path];
      if (load) loaded.set(path, (await load()).default);
    });
    pending.set(path, promise);
  }
  return promise;
}

export async function namespacesOf(language: Language): Promise<string[]> {
  const prefix = `../../locales/${language}/`;
  return Object.keys(await localeFiles())
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length, -".json".length));
}

/** Loads the given namespaces (all of the language when omitted) and returns them. */
export async function loadNamespaces(language: Language, only?: string[]): Promise<Resources> {
  const namespaces = only ?? (await namespacesOf(language));
  await Promise.all(namespaces.map((namespace) => loadNamespace(language, namespace)));
  return Object.fromEntries(
    namespaces.flatMap((namespace) => {
      const content = getNamespace(language, namespace);
      return content ? [[namespace, content]] : [];
    }),
  );
}

/** The id of the JSON script in which the server sends the page's namespaces along with the HTML. */
export const RESOURCES_ELEMENT_ID = "i18n-resources";

/**
 * Namespaces that arrived with the page (docs/decisions/041-translations-in-the-page.md): the
 * browser uses them as if loaded, so hydration does not wait for one chunk per namespace.
 */
export function provideNamespaces(language: Language, resources: Resources): void {
  for (const [namespace, content] of Object.entries(resources)) loaded.set(file(language, namespace), content as Record<string, unknown>);
}

/** The given namespaces that are loaded, as one object (the page's inline JSON). */
export function loadedNamespaces(language: Language, namespaces: Iterable<string>): Resources {
  return Object.fromEntries(
    [...namespaces].flatMap((namespace) => {
      const content = getNamespace(language, namespace);
      return content ? [[namespace, content]] : [];
    }),
  );
}
