import type { Language } from "./languages";
import type { Resources } from "./translator";

// Each JSON file under app/locales/<lang>/ is one namespace, its own chunk, so
// the browser downloads only the namespaces a page uses (route `handle.i18n`).
// Called lazily: Vite compiles the glob, while code run outside Vite (the
// server's own modules under tsx) reads locales from disk instead (server/locales.ts).
let globbed: Record<string, () => Promise<{ default: Record<string, unknown> }>> | undefined;
const localeFiles = () => (globbed ??= import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json"));

const loaded = new Map<string, Record<string, unknown>>();
const pending = new Map<string, Promise<void>>();
const file = (language: Language, namespace: string) => `../../locales/${language}/${namespace}.json`;

export function getNamespace(language: Language, namespace: string): Record<string, unknown> | undefined {
  return loaded.get(file(language, namespace));
}

/** Loads one namespace once; the same promise is returned while it loads (React `use`). */
export function loadNamespace(language: Language, namespace: string): Promise<void> {
  const path = file(language, namespace);
  let promise = pending.get(path);
  if (!promise) {
    const load = localeFiles()[path];
    promise = load ? load().then((module) => void loaded.set(path, module.default)) : Promise.resolve();
    pending.set(path, promise);
  }
  return promise;
}

export function namespacesOf(language: Language): string[] {
  const prefix = `../../locales/${language}/`;
  return Object.keys(localeFiles())
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length, -".json".length));
}

/** Loads the given namespaces (all of the language when omitted) and returns them. */
export async function loadNamespaces(language: Language, namespaces = namespacesOf(language)): Promise<Resources> {
  await Promise.all(namespaces.map((namespace) => loadNamespace(language, namespace)));
  return Object.fromEntries(
    namespaces.flatMap((namespace) => {
      const content = getNamespace(language, namespace);
      return content ? [[namespace, content]] : [];
    }),
  );
}
