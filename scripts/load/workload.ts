import { CookieJar, createClient, type Client, type Reply } from "./http";
import { openLinkFromOutbox } from "./sign-in";

// The mixed workload of `npm run loadtest` (docs/reliability.md, ADR 100): virtual
// users with their own address (X-Forwarded-For through a trusted proxy hop),
// their own cookies and a short think time, picking actions by weight.

export interface LoadOptions {
  baseUrl: string;
  vus: number;
  durationMs: number;
  /** How many of the virtual users sign in first (they also read their liked videos). */
  signedIn: number;
  /** Pause between a user's actions, uniformly in [min, max] ms. */
  thinkMs: [number, number];
  timeoutMs?: number;
  /** Called every few seconds with the requests done so far. */
  onProgress?: (done: number) => void;
}

export interface ActionStats {
  action: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** 5xx + resets + time-outs (must be 0). */
  errors: number;
  rateLimited: number;
  /** Other 4xx (expected ones: a video that is not there, a second sign-in link…). */
  clientErrors: number;
}

export interface LoadReport {
  vus: number;
  seconds: number;
  requests: number;
  perSecond: number;
  errors: number;
  rateLimited: number;
  actions: ActionStats[];
  samples: string[];
  /** The first answers in 400–499 other than 429: a workload that behaves like browsers should have none it did not mean. */
  clientErrorSamples: string[];
}

interface Catalogue {
  clipIds: string[];
  videos: string[];
  creators: string[];
  tags: string[];
  terms: string[];
}

interface Visitor {
  ip: string;
  jar: CookieJar;
  email?: string;
  flamed: Set<string>;
}

type Action = (v: Visitor) => Promise<Reply>;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const client = createClient(options.baseUrl, { connections: options.vus + 16, timeoutMs: options.timeoutMs ?? 10_000 });
  try {
    const catalogue = await discover(client);
    const latencies = new Map<string, number[]>();
    const tallies = new Map<string, { errors: number; rateLimited: number; clientErrors: number }>();
    const samples: string[] = [];
    const clientErrorSamples: string[] = [];
    let requests = 0;

    const record = (action: string, reply: Reply) => {
      requests++;
      (latencies.get(action) ?? latencies.set(action, []).get(action)!).push(reply.ms);
      const tally = tallies.get(action) ?? tallies.set(action, { errors: 0, rateLimited: 0, clientErrors: 0 }).get(action)!;
      if (reply.failure || reply.status >= 500) {
        tally.errors++;
        if (samples.length < 20) samples.push(`${action}: ${reply.failure ?? reply.status} ${reply.error ?? reply.body.slice(0, 200)}`);
      } else if (reply.status === 429) tally.rateLimited++;
      else if (reply.status >= 400) {
        tally.clientErrors++;
        if (clientErrorSamples.length < 10) clientErrorSamples.push(`${action}: ${reply.status} ${reply.path} ${reply.body.slice(0, 160)}`);
      }
    };

    const send = async (v: Visitor, path: string, init: { method?: string; form?: Record<string, string> } = {}) => {
      const headers: Record<string, string> = {
        "x-forwarded-for": v.ip,
        cookie: v.jar.header(),
        accept: "text/html,application/json",
        "accept-language": "en",
      };
      let body: string | undefined;
      if (init.form) {
        body = new URLSearchParams(init.form).toString();
        headers["content-type"] = "application/x-www-form-urlencoded";
        // A same-site form post, as the browser sends it.
        headers.origin = options.baseUrl;
        headers["sec-fetch-site"] = "same-origin";
      }
      const reply = await client.request(path, { method: init.method ?? (init.form ? "POST" : "GET"), headers, body, keepBody: 64_000 });
      v.jar.take(reply.headers);
      return reply;
    };

    const actions: [string, number, Action][] = [
      ["home", 8, (v) => send(v, "/")],
      ["feed page", 14, (v) => send(v, `/api/feed?offset=${12 * Math.floor(Math.random() * 3)}`)],
      ["video", 14, (v) => send(v, pick(catalogue.videos))],
      ["creator", 8, (v) => send(v, pick(catalogue.creators))],
      ["tag", 8, (v) => send(v, pick(catalogue.tags))],
      ["search", 8, (v) => send(v, `/search?q=${encodeURIComponent(pick(catalogue.terms))}`)],
      [
        "flame/unflame",
        16,
        (v) => {
          const clipId = pick(catalogue.clipIds);
          const flamed = !v.flamed.has(clipId);
          // An anonymous visitor's page issued its id before it flames (ADR 140): do as the page does, once.
          if (!v.jar.has("session_token") && !v.jar.has("spicy_uid")) {
            return send(v, "/api/visitor", { form: {} }).then(() => send(v, "/api/flames", { form: { clipId, flamed: String(flamed) } }));
          }
          return send(v, "/api/flames", { form: { clipId, flamed: String(flamed) } }).then((reply) => {
            if (reply.status === 200) void (flamed ? v.flamed.add(clipId) : v.flamed.delete(clipId));
            return reply;
          });
        },
      ],
      [
        "form",
        3,
        (v) =>
          Math.random() < 0.5
            ? send(v, "/contato", {
                form: {
                  name: "Load Tester",
                  email: `load-${v.ip}@example.com`,
                  subject: "Load test",
                  message: "A synthetic message.",
                  _js: "1",
                },
              })
            : send(v, "/report", {
                form: { contentUrl: `${options.baseUrl}${pick(catalogue.videos)}`, description: "A synthetic report.", _js: "1" },
              }),
      ],
      ["sign-in link", 2, (v) => send(v, "/auth/sign-in", { form: { email: `visitor-${v.ip}-${Date.now()}@example.com` } })],
      ["liked videos", 6, (v) => (v.email ? send(v, "/liked-videos") : send(v, "/api/feed?offset=0"))],
    ];
    const totalWeight = actions.reduce((sum, [, weight]) => sum + weight, 0);
    const choose = () => {
      let roll = Math.random() * totalWeight;
      for (const entry of actions) if ((roll -= entry[1]) < 0) return entry;
      return actions[0]!;
    };

    const visitors: Visitor[] = Array.from({ length: options.vus }, (_, i) => ({
      ip: `10.${((i + 1) >> 16) & 255}.${((i + 1) >> 8) & 255}.${(i + 1) & 255}`,
      jar: new CookieJar({ age_verified: "true" }),
      flamed: new Set<string>(),
    }));
    for (const v of visitors.slice(0, options.signedIn)) await signIn(client, v, send);

    const started = Date.now();
    const deadline = started + options.durationMs;
    const progress = options.onProgress ? setInterval(() => options.onProgress!(requests), 5000) : undefined;
    await Promise.all(
      visitors.map(async (v, i) => {
        // Spread the first requests over one think time instead of one burst.
        await sleep(Math.random() * options.thinkMs[1] + (i % 10));
        while (Date.now() < deadline) {
          const [name, , act] = choose();
          record(name, await act(v));
          await sleep(options.thinkMs[0] + Math.random() * (options.thinkMs[1] - options.thinkMs[0]));
        }
      }),
    );
    clearInterval(progress);
    const seconds = (Date.now() - started) / 1000;

    const stats = actions.map(([action]): ActionStats => {
      const times = (latencies.get(action) ?? []).sort((a, b) => a - b);
      const tally = tallies.get(action) ?? { errors: 0, rateLimited: 0, clientErrors: 0 };
      return { action, count: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times.at(-1) ?? 0, ...tally };
    });
    return {
      vus: options.vus,
      seconds,
      requests,
      perSecond: requests / seconds,
      errors: stats.reduce((sum, s) => sum + s.errors, 0),
      rateLimited: stats.reduce((sum, s) => sum + s.rateLimited, 0),
      actions: stats,
      samples,
      clientErrorSamples,
    };
  } finally {
    client.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);
}

/** Clip ids from the feed API, pages from the sitemap, search words from the tags. */
async function discover(client: Client): Promise<Catalogue> {
  const headers = { cookie: "age_verified=true", accept: "application/json" };
  const clipIds = new Set<string>();
  for (const offset of [0, 12, 24, 36]) {
    const reply = await client.request(`/api/feed?offset=${offset}`, { headers });
    if (reply.status !== 200) throw new Error(`GET /api/feed answered ${reply.status}: ${reply.body.slice(0, 300)}`);
    for (const clip of (JSON.parse(reply.body) as { clips: { id: string }[] }).clips) clipIds.add(clip.id);
  }
  const sitemap = await client.request("/sitemap.xml");
  const paths = [...sitemap.body.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
  const catalogue = {
    clipIds: [...clipIds],
    videos: paths.filter((p) => p.startsWith("/video/")),
    creators: paths.filter((p) => p.startsWith("/creator/")),
    tags: paths.filter((p) => p.startsWith("/tag/")),
    terms: [...paths.filter((p) => p.startsWith("/tag/")).map((p) => decodeURIComponent(p.slice(5)).split("-")[0]!), "neon", "zz-nothing"],
  };
  for (const [name, list] of Object.entries(catalogue)) if (!list.length) throw new Error(`the catalogue has no ${name} to load`);
  return catalogue;
}

/** A virtual user signs in through the local outbox. */
async function signIn(
  client: Client,
  v: Visitor,
  send: (v: Visitor, path: string, init?: { form?: Record<string, string> }) => Promise<Reply>,
) {
  const email = `load-user-${v.ip}-${Date.now()}@example.com`;
  const asked = await send(v, "/auth/sign-in", { form: { email } });
  if (asked.status !== 200) throw new Error(`sign-in link for ${email}: ${asked.status} ${asked.body.slice(0, 200)}`);
  v.jar.take((await openLinkFromOutbox(client, email, v.ip, v.jar.header())).headers);
  if (!v.jar.has("session_token")) throw new Error(`the sign-in link for ${email} set no session`);
  v.email = email;
}

export function formatReport(report: LoadReport): string {
  const rows = report.actions.map((s) =>
    [
      s.action.padEnd(14),
      String(s.count).padStart(7),
      `${s.p50}`.padStart(7),
      `${s.p99}`.padStart(7),
      `${Math.round(s.max)}`.padStart(7),
      String(s.errors).padStart(7),
      String(s.rateLimited).padStart(6),
      String(s.clientErrors).padStart(6),
    ].join(" "),
  );
  return [
    `${report.vus} virtual users, ${report.seconds.toFixed(1)} s, ${report.requests} requests (${report.perSecond.toFixed(0)}/s)`,
    `${"action".padEnd(14)} ${"count".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"max ms".padStart(7)} ${"errors".padStart(7)} ${"429".padStart(6)} ${"4xx".padStart(6)}`,
    ...rows,
    `errors (5xx + resets + time-outs): ${report.errors}; rate-limited (429): ${report.rateLimited}`,
    ...(report.samples.length ? ["first errors:", ...report.samples.map((s) => `  ${s}`)] : []),
    ...(report.clientErrorSamples.length ? ["first 4xx answers:", ...report.clientErrorSamples.map((s) => `  ${s}`)] : []),
  ].join("\n");
}
