import { describe, expect, it, inject } from "vitest";
import { formatReport, HOME_FIRST_LOAD_BUDGET, measureBudgets, ROUTE_EXTRA_BUDGET } from "../../scripts/js-budgets";

// The production build of this e2e run (global-setup.ts), read through React Router's browser
// manifest: home first-load JS ≤ 120 KB gzipped, every other route ≤ 30 KB on top of the entry
// (docs/decisions/040-javascript-budgets.md).
describe("JavaScript budgets of the production build", () => {
  const report = measureBudgets(inject("buildDir"));
  console.info(formatReport(report));

  it("keeps the home page's first-load JavaScript within 120 KB gzipped", () => {
    expect(report.homeFirstLoad.files.length).toBeGreaterThan(3);
    expect(report.homeFirstLoad.bytes, formatReport(report)).toBeLessThanOrEqual(HOME_FIRST_LOAD_BUDGET);
  });

  it("keeps every other route's extra JavaScript within 30 KB gzipped", () => {
    expect(report.routes.map((r) => r.route)).toEqual(
      expect.arrayContaining(["routes/clip", "routes/tag", "routes/creator", "routes/search"]),
    );
    const over = report.routes.filter((r) => r.bytes > ROUTE_EXTRA_BUDGET);
    expect(over, formatReport(report)).toEqual([]);
  });
});
