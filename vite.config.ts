import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { clientChunk, FEATURE_ENTRY, reactRouterProductionAliases, reactRouterTreeShaking } from "./scripts/client-bundle.ts";
import { precompressAssets } from "./scripts/precompress-assets.ts";
import routerConfig from "./react-router.config.ts";

// Browser chunks (docs/decisions/040-javascript-budgets.md, 043 and 105): the framework and our first-load
// modules form one `first-load` file; everything else is split by the bundler.
export default defineConfig(({ command, isSsrBuild }) => {
  const clientBuild = command === "build" && !isSsrBuild;
  return {
    plugins: [tailwindcss(), reactRouter(), reactRouterTreeShaking(), precompressAssets(routerConfig.buildDirectory)],
    resolve: {
      alias: [
        { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
        { find: "~schema", replacement: fileURLToPath(new URL("./db/schema", import.meta.url)) },
        ...(clientBuild ? reactRouterProductionAliases : []),
      ],
    },
    server: { watch: { ignored: ["**/data/**", "**/.tmp/**"] } },
    build: {
      sourcemap: process.env.SOURCEMAP === "1",
      rolldownOptions: clientBuild
        ? {
            treeshake: { moduleSideEffects: [{ test: FEATURE_ENTRY, sideEffects: false }] },
            output: { codeSplitting: { groups: [{ name: clientChunk, debugName: "first-load and framework" }] } },
          }
        : {},
    },
  };
});
