// What every bench command shares: a temporary folder, the things it started (stopped in reverse order however the
// run ends: done, failed or Ctrl-C), and its report written as JSON and markdown and printed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "./app-server";

export interface BenchRun {
  /** The run's own temporary folder, removed at the end. */
  work: string;
  /** Called in reverse order at the end of the run. */
  stops: (() => unknown)[];
  /** Runs `main`, then stops everything; exits 1 on an error and 130 on Ctrl-C. */
  run(main: () => Promise<void>): void;
}

export function benchRun(prefix: string): BenchRun {
  const work = mkdtempSync(path.join(tmpdir(), prefix));
  const stops: (() => unknown)[] = [];
  const cleanup = async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
  return {
    work,
    stops,
    run(main) {
      process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));
      main()
        .then(cleanup)
        .catch(async (error) => {
          console.error(error);
          await cleanup();
          process.exit(1);
        });
    },
  };
}

/** Writes `<stem>.json` and `<stem>.md` under `out` (relative to the repository) and prints the markdown. */
export function writeReport(out: string, stem: string, json: unknown, title: string, table: string): void {
  const dir = path.resolve(ROOT, out);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${stem}.json`), JSON.stringify(json, null, 2));
  writeFileSync(path.join(dir, `${stem}.md`), `# ${title}\n\n${table}\n`);
  process.stdout.write(`\n${title}\n\n${table}\n\nwritten to ${path.relative(ROOT, dir)}/${stem}.{json,md}\n`);
}
