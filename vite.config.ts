import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

// Browser chunks (docs/decisions/040-javascript-budgets.md): React, React DOM and React Router
// load together on every page, so they are one file; gzip compresses one file better than three.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

// Our own modules that the home page's first load needs (statically reachable from the client
// entry, the root route or the home route) form one `app` chunk instead of twenty small ones:
// gzip compresses one file far better than many (docs/decisions/043-first-load-javascript.md). Modules
// reached only through import() (dialogs, rare views) stay in their own lazy chunks.
const FIRST_LOAD_ROOTS = /[\\/]app[\\/](entry\.client|root|routes[\\/]home)\.tsx(\?|$)/;
const OWN_MODULE = /[\\/]app[\\/]|[\\/]db[\\/]schema[\\/]values\.ts/;
type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

function firstLoadApp(id: string, graph: ModuleGraph): string | null {
  if (!OWN_MODULE.test(id) || id.includes("node_modules")) return null;
  const seen = new Set<string>();
  const pending = [id];
  while (pending.length) {
    const module = pending.pop()!;
    if (seen.has(module)) continue;
    seen.add(module);
    if (FIRST_LOAD_ROOTS.test(module)) return "first-load";
    pending.push(...(graph.getModuleInfo(module)?.importers ?? []));
  }
  return null;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  server: { watch: { ignored: ["**/data/**", "**/.tmp/**"] } },
  build: {
    sourcemap: process.env.SOURCEMAP === "1",
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [{ name: (id, graph) => (FRAMEWORK.test(id) ? "first-load" : firstLoadApp(id, graph)) }],
            },
          },
        },
  },
}));
