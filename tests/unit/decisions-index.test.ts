import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/README.md indexes every ADR with the status its own `Status:` line gives, and an ADR that amends,
// supersedes or implements another says so on both sides.
const root = path.resolve(__dirname, "../..");
const folder = path.join(root, "docs/decisions");
const files = readdirSync(folder).filter((name) => /^\d{3}-.*\.md$/.test(name));
const index = readFileSync(path.join(folder, "README.md"), "utf8");

/** The ADR numbers named in the sentence that follows `word` (up to its full stop): `[ADR 045]`, `ADR 045`, `ADRs 090–095`. */
function named(status: string, word: RegExp): string[] {
  return [...status.matchAll(new RegExp(word.source, "g"))].flatMap((m) => {
    const rest = status.slice(m.index + m[0].length);
    const sentence = rest.slice(0, rest.search(/\.(\s|$)/) === -1 ? undefined : rest.search(/\.(\s|$)/));
    return [
      ...[...sentence.matchAll(/\[?ADR (\d{3})\]?/g)].map((n) => n[1]!),
      ...[...sentence.matchAll(/ADRs (\d{3})–(\d{3})/g)].map((n) => `${n[1]}–${n[2]}`),
    ];
  });
}

const AMENDS = /\bAmends\b/;
const AMENDED = /\bAmended by\b/;
const SUPERSEDES = /\bSupersedes\b/;
const SUPERSEDED = /\bSuperseded (?:in part )?by\b/;
const IMPLEMENTS = /\bImplements\b/;
const IMPLEMENTED = /\bImplemented by\b/;

const adrs = files.map((file) => {
  const status =
    /^(?:.*· )?Status: (.*)$/m.exec(readFileSync(path.join(folder, file), "utf8").split("\n").slice(0, 8).join("\n"))?.[1] ?? null;
  return { number: file.slice(0, 3), file, status };
});

/** What the index shows for an ADR: its status word and its relations, from its own Status line. */
function expectedRow(status: string): { status: string; relations: string } {
  const superseded = SUPERSEDED.exec(status);
  const shown = superseded
    ? `${superseded[0]} ${named(status, SUPERSEDED).join(", ")}`
    : AMENDED.test(status)
      ? `Amended by ${named(status, AMENDED).join(", ")}`
      : /^Rejected\b/.test(status)
        ? "Rejected"
        : "Accepted";
  const relations = [
    ["Amends", named(status, AMENDS)],
    ["Supersedes", named(status, SUPERSEDES)],
    ["Implements", named(status, IMPLEMENTS)],
    ["Implemented by", named(status, IMPLEMENTED)],
  ]
    .filter(([, numbers]) => numbers!.length > 0)
    .map(
      ([label, numbers]) =>
        `${label} ${(numbers as string[]).join(", ")}${label === "Supersedes" && /in part|for the/.test(status) ? " in part" : ""}`,
    );
  return { status: shown, relations: relations.join("; ") || "—" };
}

const rows = new Map(
  index
    .split("\n")
    .map((line) => /^\| \[(\d{3})\]\(([^)]+)\)\s*\|([^|]*)\|([^|]*)\|([^|]*)\|/.exec(line))
    .filter((m) => m !== null)
    .map((m) => [m[1]!, { file: m[2]!, title: m[3]!.trim(), status: m[4]!.trim(), relations: m[5]!.trim() }]),
);

describe("docs/decisions/README.md", () => {
  it("reads every ADR", () => {
    expect(adrs.length).toBeGreaterThan(80);
    expect(rows.size).toBeGreaterThan(80);
  });

  it("every ADR opens with a Status line", () => {
    const missing = adrs.filter((adr) => adr.status === null).map((adr) => adr.file);
    expect(missing, "Add 'Status: Accepted.' under the title (or Amends / Amended by / Superseded by NNN)").toEqual([]);
  });

  it("indexes every ADR with the status and relations its Status line gives", () => {
    const problems = adrs.flatMap(({ number, file, status }) => {
      if (status === null) return [];
      const want = expectedRow(status);
      const row = rows.get(number);
      const title = readFileSync(path.join(folder, file), "utf8")
        .split("\n")[0]!
        .replace(/^# \d{3}(\.| —) ?/, "");
      if (!row) return [`No row for ${file}; add: | [${number}](${file}) | ${title} | ${want.status} | ${want.relations} |`];
      if (row.file !== file) return [`The row of ${number} links ${row.file}, not ${file}`];
      if (row.status !== want.status || row.relations !== want.relations) {
        return [
          `The row of ${file} says "${row.status}" / "${row.relations}"; its Status line gives "${want.status}" / "${want.relations}"`,
        ];
      }
      return [];
    });
    const unknown = [...rows.keys()].filter((number) => !adrs.some((adr) => adr.number === number)).map((n) => `Row ${n} has no ADR`);
    expect([...problems, ...unknown], [...problems, ...unknown].join("\n")).toEqual([]);
  });

  it("a relation is stated on both sides", () => {
    const statusOf = new Map(adrs.map((adr) => [adr.number, adr.status ?? ""]));
    const pairs: [RegExp, RegExp, string][] = [
      [AMENDS, AMENDED, "Amended by"],
      [AMENDED, AMENDS, "Amends"],
      [SUPERSEDES, SUPERSEDED, "Superseded (in part) by"],
      [SUPERSEDED, SUPERSEDES, "Supersedes"],
      [IMPLEMENTS, IMPLEMENTED, "Implemented by"],
    ];
    const oneSided = adrs.flatMap(({ number, status }) =>
      pairs.flatMap(([word, back, label]) =>
        named(status ?? "", word)
          .filter((other) => !other.includes("–") && !named(statusOf.get(other) ?? "", back).includes(number))
          .map(
            (other) =>
              `ADR ${number} says "${word.source.replace(/\\b/g, "")} ${other}", but ADR ${other}'s Status line does not say "${label} ADR ${number}"`,
          ),
      ),
    );
    expect(oneSided, oneSided.join("\n")).toEqual([]);
  });
});
