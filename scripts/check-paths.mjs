// Every repository path cited in a code comment or a document exists (`npm run lint` runs this).
//
//   node scripts/check-paths.mjs [--root <folder>]
//
// Read: comments of code (TypeScript, JavaScript, SQL, shell, CSS) and the whole text of Markdown files.
// A path is a word that starts with a top-level folder of the repository (`app/`, `docs/`, `db/` …) or the
// `~/` alias of `app/`; in Markdown, also the target of a relative link. URLs are skipped. A placeholder
// stands for any one name — `<name>`, `{queue}`, `*` — `**` and `…` for anything, and `{en,es}` for each
// choice; such a path must match at least one file or folder. `file.ts:12` cites a line of an existing file.
// A module may be cited without its extension (`~/features/flames/index.server`).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Citations in files another change is moving right now, to be corrected where the file lands: each entry must still
 * be found, so the list cannot outlive its reason.
 */
/** @type {{ file: string, path: string }[]} */
const PENDING = [];

const ROOTS = ["app", "server", "db", "docs", "scripts", "tests", "public", ".ci"];
const SKIP = new Set(["node_modules", ".git", "build", "data", ".react-router", ".tmp", "test-results", "bench-results"]);
const CODE = /\.(ts|tsx|js|mjs|cjs|jsx)$/;
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx"];

/** Every file and folder under the repository's top-level folders and its root files, relative, with `/`. */
function listRepository(root) {
  const entries = new Set();
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      entries.add(name);
      if (entry.isDirectory()) walk(name);
    }
  };
  walk("");
  return entries;
}

// ─── Comments ────────────────────────────────────────────────────────────────────────────────────────

const REGEX_BEFORE = new Set([..."(,=:[!&|?{};+-*%<>~^"]);
const REGEX_AFTER_WORDS = new Set([
  "return",
  "typeof",
  "case",
  "in",
  "of",
  "delete",
  "void",
  "throw",
  "new",
  "else",
  "do",
  "yield",
  "await",
]);

/** The comments of a JavaScript or TypeScript source: `{ offset, text }`, strings, templates and regexes skipped. */
function scriptComments(source) {
  const comments = [];
  const braces = []; // for each open `${`, the brace depth of the code inside it
  let depth = 0;
  let last = ""; // the last significant character or word of code
  let i = 0;
  const n = source.length;
  const template = () => {
    // Inside a template literal, from just after its opening backtick (or a closing `}` of `${…}`).
    while (i < n) {
      const c = source[i];
      if (c === "\\") i += 2;
      else if (c === "`") {
        i++;
        last = "`";
        return;
      } else if (c === "$" && source[i + 1] === "{") {
        i += 2;
        braces.push(depth);
        depth++;
        last = "{";
        return;
      } else i++;
    }
  };
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? n : end;
      comments.push({ offset: i, text: source.slice(i, stop) });
      i = stop;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? n : end + 2;
      comments.push({ offset: i, text: source.slice(i, stop) });
      i = stop;
    } else if (c === "'" || c === '"') {
      i++;
      while (i < n && source[i] !== c && source[i] !== "\n") i += source[i] === "\\" ? 2 : 1;
      i++;
      last = c;
    } else if (c === "`") {
      i++;
      template();
    } else if (c === "/" && (last === "" || REGEX_BEFORE.has(last) || REGEX_AFTER_WORDS.has(last))) {
      i++;
      let inClass = false;
      while (i < n && source[i] !== "\n" && (inClass || source[i] !== "/")) {
        if (source[i] === "\\") i++;
        else if (source[i] === "[") inClass = true;
        else if (source[i] === "]") inClass = false;
        i++;
      }
      i++;
      last = "/regex";
    } else if (c === "{") {
      depth++;
      last = c;
      i++;
    } else if (c === "}") {
      depth--;
      i++;
      if (braces.length > 0 && braces[braces.length - 1] === depth) {
        braces.pop();
        template();
      } else last = c;
    } else if (/[A-Za-z_$0-9]/.test(c)) {
      const start = i;
      while (i < n && /[A-Za-z_$0-9]/.test(source[i])) i++;
      last = source.slice(start, i);
    } else {
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return comments;
}

/** Comments introduced by `marker` up to the end of the line, outside single-quoted strings (SQL, shell). */
function lineComments(source, marker) {
  const comments = [];
  let offset = 0;
  for (const line of source.split("\n")) {
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === "'") quoted = !quoted;
      else if (!quoted && line.startsWith(marker, i) && (marker !== "#" || i === 0 || /\s/.test(line[i - 1]))) {
        if (!(marker === "#" && line.startsWith("#!", i))) comments.push({ offset: offset + i, text: line.slice(i) });
        break;
      }
    }
    offset += line.length + 1;
  }
  return comments;
}

function blockComments(source) {
  return [...source.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ offset: m.index, text: m[0] }));
}

/** The parts of a file whose paths are checked, or null for a file that is not read. */
function citingText(file, source) {
  if (file.endsWith(".md")) return [{ offset: 0, text: source }];
  if (CODE.test(file)) return scriptComments(source);
  if (file.endsWith(".sql")) return lineComments(source, "--");
  if (file.endsWith(".sh") || file === ".ci/run") return lineComments(source, "#");
  if (file.endsWith(".css")) return blockComments(source);
  return null;
}

// ─── Paths ───────────────────────────────────────────────────────────────────────────────────────────

const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s)>\]"'`]*/gi;
const START = new RegExp(`(?<![\\w@.~/-])(?:\\./)?(?:(?:${ROOTS.map((r) => r.replace(".", "\\.")).join("|")})/|~/)`, "g");
const LINK = /\]\(([^)\s]+)\)/g;

/** The path that starts at `start`: stops at a space, a quote or a bracket, keeps `{a,b}` and `<name>` whole. */
function readPath(text, start) {
  let i = start;
  let braces = 0;
  let angles = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "{") braces++;
    else if (c === "}" && braces > 0) braces--;
    else if (c === "<") angles++;
    else if (c === ">" && angles > 0) angles--;
    else if (braces === 0 && angles === 0 && !/[\w./*…$@+~-]/.test(c)) break;
    else if (braces > 0 && !/[\w.,/*…$@+-]/.test(c)) break;
    else if (angles > 0 && !/[\w. /-]/.test(c)) break;
    i++;
  }
  return text.slice(start, i).replace(/[.…-]+$/, (tail) => (tail.includes("…") ? "…" : ""));
}

function lineOf(source, offset) {
  let line = 1;
  for (let i = source.indexOf("\n"); i !== -1 && i < offset; i = source.indexOf("\n", i + 1)) line++;
  return line;
}

function expandBraces(pattern) {
  const m = /\{([^{}]*,[^{}]*)\}/.exec(pattern);
  if (!m) return [pattern];
  return m[1].split(",").flatMap((choice) => expandBraces(pattern.slice(0, m.index) + choice + pattern.slice(m.index + m[0].length)));
}

function patternOf(candidate) {
  let regex = "";
  for (let i = 0; i < candidate.length; i++) {
    const c = candidate[i];
    const rest = candidate.slice(i);
    if (rest.startsWith("**")) {
      regex += ".*";
      i++;
    } else if (c === "*") regex += "[^/]*";
    else if (c === "…") regex += ".*";
    else if (rest.startsWith("...")) {
      regex += ".*";
      i += 2;
    } else if (c === "<" || c === "{") {
      const close = candidate.indexOf(c === "<" ? ">" : "}", i);
      regex += "[^/]+";
      i = close === -1 ? candidate.length : close;
    } else if (c === "$") regex += "[^/]+";
    else regex += c.replace(/[.+?^()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${regex}$`);
}

/** `docs/decisions/051` cites `docs/decisions/051-….md`, `db/migrations/0017` its migration. */
function numbered(choice, entries) {
  if (!/\/\d+$/.test(choice)) return false;
  for (const entry of entries) if (entry.startsWith(`${choice}-`) || entry.startsWith(`${choice}_`)) return true;
  return false;
}

/** Whether a cited path names something in the repository (`entries`): every choice of `{a,b}` must. */
function resolves(candidate, entries) {
  const clean = candidate.replace(/^\.\//, "").replace(/\/$/, "");
  if (clean === "") return true;
  for (const choice of expandBraces(clean)) {
    if (/[*…<{$]|\.\.\./.test(choice)) {
      const pattern = patternOf(choice);
      let found = false;
      for (const entry of entries) {
        if (pattern.test(entry) || EXTENSIONS.some((ext) => ext && entry.endsWith(ext) && pattern.test(entry.slice(0, -ext.length)))) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    } else if (!EXTENSIONS.some((ext) => entries.has(choice + ext)) && !numbered(choice, entries)) return false;
  }
  return true;
}

/** Every missing path: `{ file, line, path }`. */
export function missingPaths(root) {
  const entries = listRepository(root);
  const missing = [];
  for (const file of [...entries].sort()) {
    if (SKIP.has(path.basename(file))) continue;
    const full = path.join(root, file);
    if (!statSync(full).isFile()) continue;
    const source = readFileSync(full, "utf8");
    const parts = citingText(file, source);
    if (!parts) continue;
    const directory = path.posix.dirname(file);
    for (const { offset, text: raw } of parts) {
      const text = raw.replace(URL, (url) => " ".repeat(url.length));
      const report = (at, cited) => missing.push({ file, line: lineOf(source, offset + at), path: cited });
      for (const m of text.matchAll(START)) {
        const cited = readPath(text, m.index);
        const target = cited.replace(/^~\//, "app/").replace(/:\d+(-\d+)?$/, "");
        if (target.includes("/") && !resolves(target, entries)) report(m.index, cited);
      }
      if (!file.endsWith(".md")) continue;
      for (const m of text.matchAll(LINK)) {
        const target = decodeURIComponent(m[1].replace(/[#?].*$/, ""));
        if (target === "" || target.startsWith("/") || /^[a-z]+:/i.test(target)) continue;
        const resolved = path.posix.normalize(path.posix.join(directory, target));
        if (resolved.startsWith("..") || !resolves(resolved, entries)) report(m.index, m[1]);
      }
    }
  }
  return missing;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--root");
  const root = path.resolve(at === -1 ? path.join(path.dirname(fileURLToPath(import.meta.url)), "..") : process.argv[at + 1]);
  const found = missingPaths(root);
  const pending = at === -1 ? PENDING : [];
  const isPending = (m) => pending.some((p) => p.file === m.file && p.path === m.path);
  const missing = found.filter((m) => !isPending(m));
  for (const p of pending.filter((p) => !found.some((m) => m.file === p.file && m.path === p.path))) {
    missing.push({ file: "scripts/check-paths.mjs", line: 0, path: `PENDING entry ${p.file} → ${p.path} is no longer needed: remove it` });
  }
  if (missing.length > 0) {
    console.error(`${missing.length} cited path(s) do not exist:`);
    for (const { file, line, path: cited } of missing) console.error(`  ${file}:${line}: ${cited}`);
    console.error(
      "Cite the file where it lives now, or rewrite the sentence. Placeholders: <name>, {queue} or * for one name, " +
        "** or … for any depth, {en,es} for each choice (scripts/check-paths.mjs).",
    );
    process.exit(1);
  }
}
