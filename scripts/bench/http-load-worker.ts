// One client process of httpLoadProcesses (scripts/bench/http-load.ts): says it is ready, runs the load it is sent,
// sends back what it measured and exits.
import { rawLoad, type WorkerOrder } from "./http-load";

if (!process.send) throw new Error("http-load-worker runs as a child process of the bench");
process.once("message", (order: WorkerOrder) => {
  const request = (n: number) => order.specs[(order.offset + n) % order.specs.length]!;
  void rawLoad(order.baseUrl, request, order.connections, order.seconds).then((raw) => process.send!(raw, () => process.exit(0)));
});
process.send("ready");
