import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets test runs build to their own folder, so two runs never
  // replace each other's assets under a running server.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    // Route middleware lets the adult layout refuse a request in safe mode
    // before any of its child loaders run (see docs/decisions/004-brand-mode.md).
    v8_middleware: true,
  },
} satisfies Config;
