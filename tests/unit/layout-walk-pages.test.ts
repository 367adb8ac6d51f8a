import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { MEMBER_PAGES, VISITOR_PAGES } from "../e2e/layout-walk-pages";

// The layout walk visits every page (its lists in tests/e2e/layout-walk-pages.ts): a page added to app/routes.ts
// without being added there fails here, before anyone looks at it on a phone.

/** Every page's path pattern: routes whose module is a component (.tsx), layouts without a path left out. */
function pagePatterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent;
    const own = entry.file.endsWith(".tsx") && (entry.path !== undefined || entry.index) ? [here || "/"] : [];
    return [...own, ...pagePatterns(entry.children ?? [], here)];
  });
}

describe("the layout walk", () => {
  it("visits every page of the route table, signed out or signed in", () => {
    const walked = new Set([...VISITOR_PAGES, ...MEMBER_PAGES].map((pattern) => pattern.split("?")[0]));
    const pages = [...new Set(pagePatterns(routes))];
    expect(pages.length).toBeGreaterThan(40);
    // "*" is the 404 page: the walk opens an address no route has.
    const missing = pages.filter((page) => !walked.has(page) && !(page === "/*" && walked.has("/a-page-that-does-not-exist")));
    expect(missing).toEqual([]);
  });
});
