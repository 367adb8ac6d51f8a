import { readFileSync } from "node:fs";
import path from "node:path";

/** The text of a translation key as the action helper answers it (ADR 024), read from the locale files. */
export function message(namespace: string, key: string, language: "en" | "es" = "en", values: Record<string, string | number> = {}) {
  const file = path.join(process.cwd(), "app/locales", language, `${namespace}.json`);
  const found = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], JSON.parse(readFileSync(file, "utf8")));
  if (typeof found !== "string") throw new Error(`no message ${namespace}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** A field → key map translated with `message`. */
export const messages = (namespace: string, keys: Record<string, string>) =>
  Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, message(namespace, key)]));
