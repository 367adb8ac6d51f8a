// Times log scrubbing off the test's thread, so a quadratic scrubber can be
// stopped instead of blocking the test runner for minutes. Each group of inputs
// is timed as a whole (best of `repeats` passes); one message per group.
import { parentPort, workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const { scrub } = await tsImport("../../app/lib/logger.server.ts", import.meta.url);
const { groups, repeats } = workerData;

for (const [index, inputs] of groups.entries()) {
  let best = Infinity;
  let emails = 0;
  for (let r = 0; r < repeats; r++) {
    const started = performance.now();
    const outputs = inputs.map((input) => scrub(input));
    best = Math.min(best, performance.now() - started);
    emails = outputs.reduce((n, output) => n + output.split("[email]").length - 1, 0);
  }
  parentPort.postMessage({ index, ms: best, emails });
}
