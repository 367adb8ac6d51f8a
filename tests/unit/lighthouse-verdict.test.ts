import { describe, expect, it } from "vitest";
import { formatReport, meets, type PageResult, type Run } from "../../scripts/support/lighthouse-runs";

const run = (over: Partial<Run> = {}): Run => ({
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1270,
  cls: 0,
  fcpMs: 900,
  tbtMs: 150,
  scriptKb: 140,
  ...over,
});

const page = (median: Run): PageResult => ({ url: "/", median, runs: [median], failing: [], loadAverage: [[0.4], [1.2]] });

const report = (results: Record<string, PageResult>) =>
  formatReport({ runs: 1, startedAt: new Date("2026-11-29T05:06:00Z"), machine: "test", lighthouseVersion: "12", results });

describe("npm run lighthouse's verdict", () => {
  it("meets the targets at a TBT of 150 ms with a score of 98", () => {
    expect(meets(run())).toBe(true);
  });

  it("misses a page whose score is 98 but whose TBT is 174 ms", () => {
    expect(meets(run({ tbtMs: 174 }))).toBe(false);
    const { markdown, met } = report({ home: page(run({ tbtMs: 174 })), tag: page(run({ tbtMs: 14, performance: 100 })) });
    expect(met).toBe(false);
    expect(markdown).toMatch(/\| home \(`\/`\) \| 98 .*\| 174 ms \|.*\| MISSED \|/);
    expect(markdown).toMatch(/\| tag \(`\/`\) \| 100 .*\| met \|/);
  });

  it("misses on the score, the LCP or the CLS as before", () => {
    expect(meets(run({ performance: 97 }))).toBe(false);
    expect(meets(run({ lcpMs: 1801 }))).toBe(false);
    expect(meets(run({ cls: 0.01 }))).toBe(false);
  });
});
