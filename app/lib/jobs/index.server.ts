export * from "./queue.server";
export * from "./worker.server";
