import { open } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { createLogger } from "~/lib/logger.server";
import { databaseOutageGate } from "../../server/outage";

// A server whose event loop is held up (a long render on a loaded machine) must not take its own late reading of a
// ping that the database answered in time for an outage: every page would answer the outage page until the next
// check. The ping here completes through I/O, as a database's answer does, while the loop is blocked past the
// ping's time limit (one read of an open file: one answer through the poll phase, as a socket's).

const blockFor = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};

describe("the outage gate's ping under a stalled event loop", () => {
  it("reads an answer that arrived in time before deciding the database is gone", async () => {
    let answered = false;
    const file = await open(import.meta.filename);
    const gate = databaseOutageGate(async () => {
      await file.read(Buffer.alloc(1), 0, 1, 0);
      answered = true;
    }, createLogger("silent"));
    try {
      gate.suspect();
      blockFor(2300);
      for (let i = 0; i < 40 && !answered; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(true);
      expect(gate.isDown()).toBe(false);
    } finally {
      gate.stop();
      await file.close();
    }
  });

  it("still decides the database is gone when the ping never answers", async () => {
    const gate = databaseOutageGate(() => new Promise<void>(() => {}), createLogger("silent"));
    try {
      gate.suspect();
      for (let i = 0; i < 120 && !gate.isDown(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(gate.isDown()).toBe(true);
    } finally {
      gate.stop();
    }
  });
});
