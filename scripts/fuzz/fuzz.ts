import fc from "fast-check";
import type { Client, Reply } from "../load/http";
import { TARGETS, type Target, type Who } from "./targets";

// Property-based fuzzing of every route (ADR 102): fast-check generates hostile
// requests; every answer must be below 500, carry no stack trace, and no page
// may contain an injected tag or attribute unescaped.

/** Markers the checks look for: a page that contains one has echoed markup unescaped. */
const MARKERS = [/<fuzz-xss/i, /<script>fuzzxss/i, /onmouseover="fuzzxss/i, /(href|src|action)="javascript:fuzzxss/i];

const INJECTIONS = [
  "<fuzz-xss>",
  '"><fuzz-xss onload=1>',
  "'><fuzz-xss/>",
  "<script>fuzzxss()</script>",
  '" onmouseover="fuzzxss()',
  "javascript:fuzzxss()",
  "</title><fuzz-xss>",
  "</script><script>fuzzxss()</script>",
  "' OR '1'='1",
  "'; DROP TABLE clip; --",
  "1; SELECT pg_sleep(0)--",
  "\\' UNION SELECT null,null--",
  "%27%20OR%201=1",
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "..%2f..%2f..%2fetc%2fpasswd",
  "%252e%252e%252f",
  "\u0000",
  "a\u0000b",
  "%00",
  "\r\nSet-Cookie: x=1",
  "\u202e\u200b\ufeff",
  "𝕊𝕡𝕚𝕔𝕪 🔥👩🏽‍🚀",
  "ñandú-montaño",
  "//evil.example/x",
  "/.//evil.example",
  "/\\evil.example",
  "http://evil.example",
  "mailto:x@example.com",
  "user@",
  "@example.com",
  "a@b",
  "x".repeat(300) + "@example.com",
];

const NUMBERS = [
  "-1",
  "0",
  "1",
  "2",
  "100000",
  "100001",
  "1e309",
  "NaN",
  "Infinity",
  "-0",
  "0x10",
  "1.5",
  "99999999999999999999999",
  "",
  " 3 ",
  "٣",
];

const uuidLike = fc.oneof(
  fc.uuid(),
  fc.uuid().map((u) => u.toUpperCase()),
  fc.uuid().map((u) => u.slice(0, -1) + "g"),
  fc.uuid().map((u) => u.replace(/-/g, "")),
  fc.uuid().map((u) => `${u}-extra`),
  fc.uuid().map((u) => u.slice(0, 10)),
);

const slugLike = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{1,40}$/),
  fc.stringMatching(/^[A-Za-z0-9_%.~-]{1,40}$/),
  fc.constantFrom("-", "--", "a--b", "Iris_Montaño", "neon-nights", "..", "."),
);

/** One hostile value: random or huge text, unicode, control characters, injections, odd numbers, ids. */
export const hostileValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.constantFrom(...INJECTIONS), weight: 5 },
  { arbitrary: fc.constantFrom(...NUMBERS), weight: 3 },
  { arbitrary: fc.integer().map(String), weight: 1 },
  { arbitrary: fc.double().map(String), weight: 1 },
  { arbitrary: uuidLike, weight: 3 },
  { arbitrary: slugLike, weight: 2 },
  { arbitrary: fc.integer({ min: 1000, max: 200_000 }).map((n) => "é<".repeat(n / 2)), weight: 1 },
  { arbitrary: fc.constantFrom("true", "false", "on", "resolve", "reject", "hide", "changeEmail", "signup", "es", "en", "all"), weight: 3 },
);

/** A field is absent, one value, or repeated (an array where a string is expected). */
const fieldValue = fc.oneof(
  { arbitrary: fc.constant<string[]>([]), weight: 2 },
  { arbitrary: hostileValue.map((v) => [v]), weight: 6 },
  { arbitrary: fc.array(hostileValue, { minLength: 2, maxLength: 4 }), weight: 1 },
);

export interface FuzzRequest {
  target: Target;
  who: Who;
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  inputs: number;
}

type Encoding = "urlencoded" | "multipart" | "json" | "garbage";

export function requestArbitrary(baseUrl: string, sessions: Partial<Record<Who, string>>): fc.Arbitrary<FuzzRequest> {
  return fc
    .constantFrom(...TARGETS)
    .chain((target) =>
      fc.record({
        target: fc.constant(target),
        who: fc.constantFrom(...(target.as ?? ["anonymous"]).filter((who) => who === "anonymous" || sessions[who])),
        params: fc.tuple(...(target.params ?? []).map(() => fc.oneof(hostileValue, slugLike, uuidLike))),
        query: fc.tuple(...(target.query ?? []).map(() => fieldValue)),
        fields: fc.tuple(...(target.fields ?? []).map(() => fieldValue)),
        extra: fc.option(fc.tuple(hostileValue, hostileValue), { freq: 5 }),
        encoding: fc.constantFrom<Encoding>(
          ...(target.multipart
            ? (["multipart", "multipart", "urlencoded", "garbage"] as const)
            : (["urlencoded", "urlencoded", "urlencoded", "multipart", "json", "garbage"] as const)),
        ),
        ip: fc.ipV4(),
      }),
    )
    .map(({ target, who, params, query, fields, extra, encoding, ip }) => {
      let inputs = params.length;
      let path = target.path;
      // A URL longer than Node's 16 KB header limit never reaches the app: huge values go in bodies, URL values get up to 300 characters each.
      const short = (v: string) => v.slice(0, 300);
      (target.params ?? []).forEach((name, i) => (path = path.replace(`:${name}`, encodeURIComponent(short(params[i]!)) || "x")));
      const search = new URLSearchParams();
      (target.query ?? []).forEach((name, i) => query[i]!.forEach((v) => (inputs++, search.append(name, short(v)))));
      if (extra && target.method === "GET") search.append(short(extra[0]), short(extra[1]));
      if ([...search].length) path += `?${search}`;
      const headers: Record<string, string> = {
        accept: "text/html,application/json;q=0.9",
        "x-forwarded-for": ip,
        cookie: ["age_verified=true", sessions[who]].filter(Boolean).join("; "),
      };
      let body: Buffer | undefined;
      if (target.method === "POST") {
        headers.origin = baseUrl;
        headers["sec-fetch-site"] = "same-origin";
        const entries: [string, string][] = [];
        (target.fields ?? []).forEach((name, i) => fields[i]!.forEach((v) => (inputs++, entries.push([name, v]))));
        if (extra) entries.push(extra);
        ({ body, type: headers["content-type"] } = encode(entries, encoding));
      }
      return { target, who, path, method: target.method, headers, body, inputs } satisfies FuzzRequest;
    });
}

function encode(entries: [string, string][], encoding: Encoding): { body: Buffer; type: string } {
  switch (encoding) {
    case "json":
      return { body: Buffer.from(JSON.stringify(Object.fromEntries(entries))), type: "application/json" };
    case "garbage":
      return { body: Buffer.from(entries.map(([k, v]) => `${k}${v}`).join("&%%&=")), type: "application/x-www-form-urlencoded" };
    case "multipart": {
      const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
      const parts = entries.map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, "_")}"\r\n\r\n${v}\r\n`,
      );
      return { body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
    }
    default:
      return { body: Buffer.from(new URLSearchParams(entries).toString()), type: "application/x-www-form-urlencoded" };
  }
}

/** What is wrong with one answer, or null. */
export function problemWith(reply: Reply): string | null {
  if (reply.failure) return `${reply.failure}: ${reply.error}`;
  if (reply.status >= 500) return `status ${reply.status}: ${reply.body.slice(0, 300)}`;
  if (/\n\s+at .+\.(ts|tsx|js|mjs):\d+/.test(reply.body)) return `a stack trace in the answer (status ${reply.status})`;
  if (reply.status >= 400 && reply.body.trim() === "" && reply.status !== 405 && reply.status !== 404) return `an empty ${reply.status}`;
  const type = String(reply.headers["content-type"] ?? "");
  if (type.includes("html")) for (const marker of MARKERS) if (marker.test(reply.body)) return `injected markup unescaped (${marker})`;
  return null;
}

export interface FuzzResult {
  requests: number;
  inputs: number;
  statuses: Record<string, number>;
  failures: { request: string; problem: string }[];
  /** The slowest answers, to find what a hostile input makes expensive. */
  slowest: { ms: number; request: string }[];
}

/** Sends `runs` batches of `batch` generated requests (in parallel within a batch) under a fixed seed. */
export async function runFuzz(
  client: Client,
  options: {
    baseUrl: string;
    sessions: Partial<Record<Who, string>>;
    runs: number;
    batch: number;
    seed: number;
    onBatch?: (done: number) => void;
  },
): Promise<FuzzResult> {
  const result: FuzzResult = { requests: 0, inputs: 0, statuses: {}, failures: [], slowest: [] };
  const arbitrary = fc.array(requestArbitrary(options.baseUrl, options.sessions), { minLength: options.batch, maxLength: options.batch });
  await fc.assert(
    fc.asyncProperty(arbitrary, async (batch) => {
      const replies = await Promise.all(
        batch.map((r) => client.request(r.path, { method: r.method, headers: r.headers, body: r.body, keepBody: 400_000 })),
      );
      batch.forEach((request, i) => {
        const reply = replies[i]!;
        result.requests++;
        result.inputs += request.inputs;
        const key = `${reply.status || reply.failure}`;
        result.statuses[key] = (result.statuses[key] ?? 0) + 1;
        const problem = problemWith(reply);
        if (problem && result.failures.length < 50) result.failures.push({ request: describe(request), problem });
        if (result.slowest.length < 5 || reply.ms > result.slowest.at(-1)!.ms) {
          result.slowest.push({ ms: Math.round(reply.ms), request: describe(request).slice(0, 200) });
          result.slowest.sort((a, b) => b.ms - a.ms).splice(5);
        }
      });
      options.onBatch?.(result.requests);
      // Every batch runs, so one run finds every failing route; the failures are listed whole and the seed replays them.
      return true;
    }),
    { numRuns: options.runs, seed: options.seed },
  );
  return result;
}

function describe(r: FuzzRequest): string {
  const body = r.body ? ` body(${r.headers["content-type"]?.split(";")[0]}): ${JSON.stringify(r.body.toString("utf8").slice(0, 300))}` : "";
  return `${r.who} ${r.method} ${r.path.slice(0, 300)}${body}`;
}
