// JavaScript budgets of the production build (docs/decisions/040-javascript-budgets.md).
//
// Read from React Router's browser manifest (build/client/assets/manifest-*.js), which lists
// for the entry and every route module the chunks it imports statically:
// - home first-load JS: the entry, the root route and the home route with all their imports;
// - a route's extra JS: its module and its layouts' modules (below root) with their imports,
//   minus what the entry and root already load.
// Sizes are gzip level 9 of the files as built. Chunks loaded later with import() (dialogs,
// toasts, menus) are not first-load JS.
//
// `node --import tsx scripts/js-budgets.ts [buildDir]` prints the table; the e2e suite
// (tests/e2e/javascript-budgets.test.ts) fails when a budget is exceeded.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/** The home page's first-load budget, docs/product.md §19 (docs/decisions/105-first-load-budget-met.md: 119.6 KB on 2026-11-24). */
export const HOME_FIRST_LOAD_BUDGET = 120 * 1024;
export const ROUTE_EXTRA_BUDGET = 30 * 1024;

interface ManifestEntry {
  module: string;
  imports?: string[];
}
interface ManifestRoute extends ManifestEntry {
  id: string;
  parentId?: string;
  hasDefaultExport?: boolean;
}
interface BrowserManifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestRoute>;
}

export interface RouteWeight {
  route: string;
  bytes: number;
  files: string[];
}

export interface BudgetReport {
  homeFirstLoad: { bytes: number; files: string[] };
  routes: RouteWeight[];
}

export function readBrowserManifest(buildDir: string): BrowserManifest {
  const assets = path.join(buildDir, "client", "assets");
  // The app's own modules may be bundled as `manifest-*.js` too (the web app manifests): the framework's is the
  // one that sets window.__reactRouterManifest.
  const source = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => readFileSync(path.join(assets, name), "utf8"))
    .find((text) => text.includes("__reactRouterManifest"));
  if (!source) throw new Error(`no React Router manifest in ${assets}: build the app first`);
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return JSON.parse(json) as BrowserManifest;
}

export function measureBudgets(buildDir: string): BudgetReport {
  const manifest = readBrowserManifest(buildDir);
  const sizes = new Map<string, number>();
  const gzipped = (url: string) => {
    let size = sizes.get(url);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(buildDir, "client", url)), { level: 9 }).length;
      sizes.set(url, size);
    }
    return size;
  };
  const filesOf = (entry: ManifestEntry) => [entry.module, ...(entry.imports ?? [])];
  const sum = (files: Iterable<string>) => [...files].reduce((total, url) => total + gzipped(url), 0);

  const root = manifest.routes.root;
  if (!root) throw new Error("the manifest has no root route");
  const shared = new Set([...filesOf(manifest.entry), ...filesOf(root)]);

  const chain = (route: ManifestRoute): ManifestRoute[] => {
    const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
    return parent && parent.id !== "root" ? [...chain(parent), route] : [route];
  };

  const routes = Object.values(manifest.routes)
    .filter((route) => route.id !== "root" && route.hasDefaultExport)
    .map((route) => {
      const files = [...new Set(chain(route).flatMap(filesOf))].filter((url) => !shared.has(url));
      return { route: route.id, bytes: sum(files), files };
    })
    .sort((a, b) => b.bytes - a.bytes);

  const home = manifest.routes["routes/home"];
  if (!home) throw new Error("the manifest has no routes/home");
  const homeFiles = [...new Set([...shared, ...filesOf(home)])];
  return { homeFirstLoad: { bytes: sum(homeFiles), files: homeFiles }, routes };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatReport(report: BudgetReport): string {
  const lines = [
    `home first-load JS: ${kb(report.homeFirstLoad.bytes)} gzipped in ${report.homeFirstLoad.files.length} files (budget ${kb(HOME_FIRST_LOAD_BUDGET)})`,
    `extra JS per route (budget ${kb(ROUTE_EXTRA_BUDGET)}):`,
    ...report.routes.map((r) => `  ${r.bytes > ROUTE_EXTRA_BUDGET ? "OVER " : "     "}${kb(r.bytes).padStart(9)}  ${r.route}`),
  ];
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const report = measureBudgets(path.resolve(process.argv[2] ?? process.env.BUILD_DIR ?? "build"));
  console.log(formatReport(report));
  const over = report.homeFirstLoad.bytes > HOME_FIRST_LOAD_BUDGET || report.routes.some((r) => r.bytes > ROUTE_EXTRA_BUDGET);
  process.exitCode = over ? 1 : 0;
}
