import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  future: {
    // Route middleware lets the adult layout refuse a request in safe mode
    // before any of its child loaders run (see docs/decisions/004-brand-mode.md).
    v8_middleware: true,
  },
} satisfies Config;
