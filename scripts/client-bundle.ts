// How the browser build is cut into files (docs/decisions/043-first-load-javascript.md,
// docs/decisions/105-first-load-budget-met.md). Used by vite.config.ts for the client build only.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Alias, Plugin } from "vite";

// React, React DOM and React Router load together on every page, so they are one file with our first-load code:
// gzip compresses one file better than many.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

// Our own modules that the home page's first load needs (statically reachable from the client entry, the root
// route or the home route). Modules reached only through import() (dialogs, rare views) stay in lazy chunks.
const FIRST_LOAD_ROOTS = /[\\/]app[\\/](entry\.client|root|routes[\\/]home)\.tsx(\?|$)/;
const OWN_MODULE = /[\\/]app[\\/]|[\\/]db[\\/]schema[\\/]values\.ts/;

/**
 * A feature's public entry re-exports all of its browser modules, so every module it names has the feed among its
 * importers. Walking up through an entry, only importers that import one of the names it takes from the module
 * count; and the entries are free of side effects, so the bundler does not load a module for an entry that
 * re-exports it unused (vite.config.ts `treeshake.moduleSideEffects`).
 */
export const FEATURE_ENTRY = /[\\/]app[\\/]features[\\/][\w-]+[\\/]index\.ts$/;

/** A feature's entry for views loaded after the first load (`index.lazy.ts`, `index.lazy-<moment>.ts`). */
const LAZY_ENTRY = /[\\/]app[\\/]features[\\/]([\w-]+)[\\/]index\.(lazy[\w-]*)\.ts$/;

type ModuleInfo = { importers: readonly string[]; importedIds?: readonly string[]; code: string | null };
export type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };

const withoutExtension = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, "");

/** The names a feature's entry exports from `module`, or null when it cannot tell (then every importer counts). */
export function namesThrough(entry: string, code: string | null, module: string): string[] | null {
  for (const [, names, from] of code?.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g) ?? []) {
    if (withoutExtension(path.resolve(path.dirname(entry), from!)) !== withoutExtension(module)) continue;
    return names!
      .split(",")
      .flatMap((name) =>
        name
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)
          .slice(-1),
      )
      .filter(Boolean);
  }
  return null;
}

const importsAnyOf = (code: string | null, names: string[]) =>
  code === null || names.some((name) => new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from`).test(code));

/** The chunk a module goes to: `first-load` for the framework and our first-load modules, else the bundler's choice. */
export function clientChunk(id: string, graph: ModuleGraph): string | null {
  if (FRAMEWORK.test(id)) return "first-load";
  if (!OWN_MODULE.test(id) || id.includes("node_modules")) return null;
  return reachesFirstLoad(id, graph) ? "first-load" : lazyEntryChunk(id, graph);
}

/**
 * A lazy entry only re-exports. When a route imports one of its modules too, the bundler gives the entry a file of
 * its own that imports them from theirs: one more request, and bytes, for each view loaded after the home page.
 * Then the entry and the modules it names share one file instead (`lazy-clips`, `lazy-search`), which the routes
 * import from. (An entry whose modules nobody else imports already gets one file with them.) The bundler puts a
 * named file's imports in it too, so this holds only for views that import nothing but the first load.
 */
function lazyEntryChunk(id: string, graph: ModuleGraph): string | null {
  const info = (module: string) => graph.getModuleInfo(module);
  const shared = (module: string) => info(module)?.importers.some((importer) => !LAZY_ENTRY.test(importer)) ?? false;
  const named = (entry: string, module: string) => namesThrough(entry, info(entry)?.code ?? null, module) !== null;
  const chunkOf = (entry: string) => {
    const [, feature, name] = LAZY_ENTRY.exec(entry)!;
    return `${name}-${feature}`;
  };
  if (LAZY_ENTRY.test(id)) return (info(id)?.importedIds ?? []).some((module) => named(id, module) && shared(module)) ? chunkOf(id) : null;
  const entry = shared(id) ? info(id)?.importers.find((importer) => LAZY_ENTRY.test(importer) && named(importer, id)) : undefined;
  return entry ? chunkOf(entry) : null;
}

function reachesFirstLoad(id: string, graph: ModuleGraph): boolean {
  const seen = new Set<string>();
  const pending: { module: string; names: string[] | null }[] = [{ module: id, names: null }];
  while (pending.length) {
    const { module, names } = pending.pop()!;
    if (seen.has(module)) continue;
    seen.add(module);
    if (FIRST_LOAD_ROOTS.test(module)) return true;
    for (const importer of graph.getModuleInfo(module)?.importers ?? []) {
      const code = graph.getModuleInfo(importer)?.code ?? null;
      if (names && !importsAnyOf(code, names)) continue;
      pending.push({ module: importer, names: FEATURE_ENTRY.test(importer) ? namesThrough(importer, code, module) : null });
    }
  }
  return false;
}

const reactRouterDist = (file: string) => fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * React Router's production build for the browser. Its package exports only the development build, warnings
 * included (remix-run/react-router#14102); the production build is the same code with them switched off. The
 * server keeps the package's own choice: @react-router/node and @react-router/express import it too.
 */
export const reactRouterProductionAliases: Alias[] = [
  { find: /^react-router$/, replacement: reactRouterDist("index.mjs") },
  { find: /^react-router\/dom$/, replacement: reactRouterDist("dom-export.mjs") },
];

/**
 * Lets the bundler drop React Router components nobody renders (NavLink, HistoryRouter…): their
 * `X.displayName = "X"` statements (for React DevTools) and unannotated `forwardRef`/`createContext`/`memo`
 * calls otherwise count as side effects and keep them in every page's first load.
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: "spicy:react-router-tree-shaking",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
      handler(code) {
        const shaken = code
          .replace(/^ *[\w$]+\.displayName = "[^"]*";$/gm, "")
          .replace(/^var ([\w$]+) = (React\d*\.(?:forwardRef|createContext|memo)\()/gm, "var $1 = /* @__PURE__ */ $2");
        // Lines stay where they were, so the package's positions still hold for source maps.
        return { code: shaken, map: null };
      },
    },
  };
}
