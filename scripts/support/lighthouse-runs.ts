// What `npm run lighthouse` (scripts/lighthouse.ts) reads from one Lighthouse report, and its table.
import type { Flags, Result } from "lighthouse";
// Lighthouse's own browser driver (a dependency of the lighthouse package), here only to set a cookie.
import puppeteer from "puppeteer-core";

/** Every page's bar (docs/decisions/042-lighthouse-runs.md): a score of 98 alone lets a TBT past 150 ms through. */
export const TARGETS = { performance: 98, lcpMs: 1800, tbtMs: 150, cls: 0, accessibility: 100, bestPractices: 100, seo: 100 };

/** The age gate is passed as a returning visitor would have passed it. */
export const AGE_COOKIE = "age_verified=true";

/**
 * Before each run: the browser's cookies are only the age gate's. A `Cookie` in Lighthouse's extraHeaders does not
 * do: once the server has set a cookie (the visitor id), the browser sends its own cookies instead, and from the
 * second run on every page showed the age gate (GoogleChrome/lighthouse#6207).
 */
export async function passAgeGate(port: number, origin: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const cookies = await browser.cookies();
    if (cookies.length) await browser.deleteCookie(...cookies);
    const [name, value] = AGE_COOKIE.split("=") as [string, string];
    await browser.setCookie({ name, value, domain: new URL(origin).hostname, path: "/" });
  } finally {
    await browser.disconnect();
  }
}

/**
 * Headless Chromium that reaches nothing but loopback: every host name other than 127.0.0.1 fails to resolve,
 * and the browser's own background traffic (updates, sync, metrics, field trials) is off.
 */
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-domain-reliability",
  "--disable-field-trial-config",
  "--metrics-recording-only",
  "--no-pings",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

/** The mobile preset (Lighthouse's default, simulated throttling), bounded per run. */
export function lighthouseFlags(port: number): Flags {
  return {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    maxWaitForFcp: 30_000,
    maxWaitForLoad: 45_000,
  };
}

export interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  scriptKb: number;
  /** Lighthouse's runtime error, when the run could not measure the page. */
  error?: string;
}

export interface PageResult {
  url: string;
  median: Run;
  runs: Run[];
  /** Audits below 100 in any run, as "category: audit-id (title)". */
  failing: string[];
  /** The 1/5/15-minute load average before the first run and after the last. */
  loadAverage: number[][];
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One report's figures and the accessibility / best-practices / SEO audits it failed. */
export function auditRun(lhr: Result): { run: Run; failing: string[] } {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const summary = lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined;
  const scriptBytes = summary?.items?.find((item) => item.resourceType === "script")?.transferSize ?? 0;
  // A run that measured the age gate instead of the page does not count.
  const gateShown = JSON.stringify(lhr.audits["largest-contentful-paint-element"]?.details ?? {}).includes("age-gate");
  const failing = Object.values(lhr.categories)
    .filter((category) => category.id !== "performance")
    .flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category.id}: ${ref.id} (${lhr.audits[ref.id]?.title ?? ""})`),
    );
  return {
    run: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(numeric("largest-contentful-paint")),
      cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
      fcpMs: Math.round(numeric("first-contentful-paint")),
      tbtMs: Math.round(numeric("total-blocking-time")),
      scriptKb: Math.round(scriptBytes / 102.4) / 10,
      ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      ...(gateShown ? { error: "the age gate was shown" } : {}),
    },
    failing,
  };
}

export const meets = (r: Run) =>
  r.performance >= TARGETS.performance &&
  r.lcpMs <= TARGETS.lcpMs &&
  r.tbtMs <= TARGETS.tbtMs &&
  r.cls <= TARGETS.cls &&
  r.accessibility >= TARGETS.accessibility &&
  r.bestPractices >= TARGETS.bestPractices &&
  r.seo >= TARGETS.seo;

/** The Markdown table of the medians, the failing audits and the conditions of the run. */
export function formatReport(report: {
  runs: number;
  startedAt: Date;
  machine: string;
  lighthouseVersion: string;
  results: Record<string, PageResult>;
}): { markdown: string; met: boolean } {
  const { results } = report;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const rows = Object.entries(results).map(
    ([name, { url, median: m, loadAverage }]) =>
      `| ${name} (\`${url}\`) | ${m.performance} | ${seconds(m.lcpMs)} | ${m.cls} | ${seconds(m.fcpMs)} | ${m.tbtMs} ms | ${m.scriptKb} KB | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${loadAverage.map((l) => l[0]).join(" → ")} | ${meets(m) ? "met" : "MISSED"} |`,
  );
  const failing = Object.entries(results).flatMap(([name, r]) => r.failing.map((id) => `- ${name}: ${id}`));
  const errors = Object.entries(results).flatMap(([name, r]) =>
    r.runs.flatMap((run, i) => (run.error ? [`- ${name} run ${i + 1}: ${run.error}`] : [])),
  );
  const markdown = [
    `Lighthouse ${report.lighthouseVersion}, mobile preset (simulated throttling), median of ${report.runs} runs, ` +
      `${report.startedAt.toISOString()}, ${report.machine}`,
    "",
    "| page | performance | LCP | CLS | FCP | TBT | script (transfer) | accessibility | best practices | SEO | load average (1 min) | targets |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    ...(failing.length ? ["Audits below 100 in any run (accessibility, best practices, SEO):", ...failing, ""] : []),
    ...(errors.length ? ["Runs Lighthouse could not measure:", ...errors, ""] : []),
  ].join("\n");
  const met = Object.values(results).every((r) => meets(r.median) && r.runs.every((run) => !run.error));
  return { markdown, met };
}
