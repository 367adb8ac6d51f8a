import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Language } from "../app/lib/i18n/languages";
import { setLocaleSource } from "../app/lib/i18n/server";
import type { Resources } from "../app/lib/i18n/translator";

const LOCALES = fileURLToPath(new URL("../app/locales/", import.meta.url));

/** Reads app/locales/<language>/*.json from disk: one namespace per file. */
async function readLocales(language: Language): Promise<Resources> {
  const dir = path.join(LOCALES, language);
  const files = (await readdir(dir)).filter((file) => file.endsWith(".json"));
  const entries = await Promise.all(
    files.map(async (file) => [file.slice(0, -".json".length), JSON.parse(await readFile(path.join(dir, file), "utf8"))] as const),
  );
  return Object.fromEntries(entries);
}

/** The server's own modules (e-mails sent by Better Auth) translate from disk. */
export function loadDiskLocales() {
  setLocaleSource(readLocales);
}
