import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOC, channelsInSql, migrations, readDatabaseDoc, root } from "../support/database-doc";

// Every notification channel the code or the migrations use is named in docs/database.md (its functions and triggers are
// checked against a migrated database by tests/integration/database-doc.test.ts).

const FOLDERS = ["app", "server", "db/schema", "db/seed", "scripts"];
const CODE = /\.(ts|tsx|mjs|js)$/;

const sources = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
).map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
/** Receivers whose `.listen(…)` is a network server's, not a database's. */
const NETWORK = /(^|\.)(app|server|srv|http|https|probe|smtp|net|adNetwork)$/i;

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** The string constant `name` is defined as anywhere in the code (`name = "…"` or `name: "…"`), or null. */
function constantValue(name: string): string | null {
  const definition = new RegExp(`\\b${name}\\s*[:=]\\s*["'\`]([a-z_][a-z0-9_]*)["'\`]`);
  for (const { text } of sources) {
    const m = definition.exec(text);
    if (m) return m[1]!;
  }
  return null;
}

interface Use {
  channel: string;
  where: string;
}

/**
 * Channels the code listens on or announces — string literals and constants passed to `.listen(…)`, `pg_notify`,
 * LISTEN/NOTIFY in SQL text, and the values of a channel registry (`const CHANNELS = { …: "name" }`) — and the listen
 * calls whose channel cannot be read (allowed only beside a registry, whose names they then come from).
 */
function channelsInCode(): { uses: Use[]; unreadable: string[] } {
  const uses: Use[] = [];
  const unreadable: string[] = [];
  let registry = false;
  for (const { file, text } of sources) {
    const at = (index: number) => `${file}:${lineOf(text, index)}`;
    for (const m of text.matchAll(/\b(?:const|let)\s+\w*CHANNELS?\w*\s*(?::[^=]+)?=\s*\{([^}]*)\}/gi)) {
      registry = true;
      for (const value of m[1]!.matchAll(/:\s*["'`]([a-z_][a-z0-9_]*)["'`]/g)) uses.push({ channel: value[1]!, where: at(m.index) });
    }
    for (const m of text.matchAll(/pg_notify\s*\(\s*['"]([a-z_][a-z0-9_]*)['"]/gi)) uses.push({ channel: m[1]!, where: at(m.index) });
    for (const m of text.matchAll(/[`'"]\s*(?:LISTEN|NOTIFY)\s+"?([a-z_][a-z0-9_]*)/gi)) uses.push({ channel: m[1]!, where: at(m.index) });
    for (const m of text.matchAll(/([\w$.]+)\.listen\(\s*([^,)]+)/g)) {
      const [receiver, arg] = [m[1]!, m[2]!.trim()];
      const literal = /^["'`](.*)["'`]$/.exec(arg)?.[1];
      if (literal !== undefined) {
        if (CHANNEL.test(literal)) uses.push({ channel: literal, where: at(m.index) });
        continue;
      }
      if (NETWORK.test(receiver) || /^\d/.test(arg) || /port/i.test(arg)) continue;
      const constant = /^[\w$.]+$/.test(arg) ? constantValue(arg.split(".").at(-1)!) : null;
      if (constant) uses.push({ channel: constant, where: at(m.index) });
      else unreadable.push(`${at(m.index)}: ${receiver}.listen(${arg}, …)`);
    }
  }
  return { uses, unreadable: registry ? [] : unreadable };
}

describe(`notification channels in ${DOC}`, () => {
  const doc = readDatabaseDoc();
  const sent = new Set(migrations().flatMap(({ sql }) => [...channelsInSql(sql)]));
  const { uses, unreadable } = channelsInCode();

  it("finds the channels the code listens on", () => {
    expect(uses.map((use) => use.channel)).toContain("cache_generation");
    expect(sent).toContain("clip_flames");
  });

  it("can read every channel the code listens on", () => {
    expect(
      unreadable,
      'The channel of these listen calls is neither a string literal nor a constant defined as one (NAME = "channel" or ' +
        'name: "channel"); pass one of those, so tests/unit/database-doc.test.ts can check it is documented',
    ).toEqual([]);
  });

  it("names every channel the code or the migrations use", () => {
    const missing = [
      ...uses.filter((use) => !doc.channels.has(use.channel)).map((use) => `${use.channel} (${use.where})`),
      ...[...sent].filter((channel) => !doc.channels.has(channel)).map((channel) => `${channel} (sent by a migration)`),
    ];
    expect(
      missing,
      `${DOC} does not name these notification channels: ${missing.join(", ")}. Add a row to the table under ` +
        '"## Notification channels": | `channel` | the function that sends it, and when | the payload | who listens (function, file) |',
    ).toEqual([]);
  });

  it("listens only on channels a migration announces, and names no channel nobody uses", () => {
    const unheard = uses.filter((use) => !sent.has(use.channel)).map((use) => `${use.channel} (${use.where})`);
    expect(unheard, `No migration announces these channels, so nothing is ever heard on them: ${unheard.join(", ")}`).toEqual([]);
    const used = new Set([...sent, ...uses.map((use) => use.channel)]);
    const stale = [...doc.channels].filter((channel) => !used.has(channel));
    expect(stale, `${DOC} names channels nothing sends or listens on: ${stale.join(", ")}`).toEqual([]);
  });
});
