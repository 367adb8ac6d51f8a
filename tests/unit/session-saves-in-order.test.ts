import { afterEach, describe, expect, it, vi } from "vitest";

// A member's session is saved as it changes, and two saves can leave a moment apart (a mood chosen, then "I'm
// done"). The second must not reach the server before the first is answered: the server could otherwise store the
// earlier one last.

vi.mock("~/features/signals", () => ({ flushSignals: () => Promise.resolve() }));

describe("a member's session saves", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("leave one after another, each once the one before is answered", async () => {
    const { sendSession } = await import("~/features/conscious/session-store");
    const answers: ((status: number) => void)[] = [];
    const sent: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init: { body: URLSearchParams }) => {
        sent.push(init.body.get("endedBy") ?? "mood");
        return new Promise((resolve) => answers.push((status) => resolve({ status })));
      }),
    );
    const first = sendSession(new URLSearchParams({ emotionId: "2" }));
    const second = sendSession(new URLSearchParams({ emotionId: "2", endedBy: "done" }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual(["mood"]);
    answers[0]!(201);
    await expect(first).resolves.toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual(["mood", "done"]);
    answers[1]!(201);
    await expect(second).resolves.toBe(201);
  });

  it("do not wait for ever on one that is never answered", async () => {
    vi.useFakeTimers();
    try {
      const { sendSession, SAVE_ORDER_WAIT_MS } = await import("~/features/conscious/session-store");
      const sent: string[] = [];
      vi.stubGlobal(
        "fetch",
        vi.fn((_url: string, init: { body: URLSearchParams }) => {
          sent.push(init.body.get("endedBy") ?? "mood");
          return sent.length === 1 ? new Promise(() => {}) : Promise.resolve({ status: 201 });
        }),
      );
      void sendSession(new URLSearchParams({ emotionId: "2" }));
      const second = sendSession(new URLSearchParams({ endedBy: "done" }));
      await vi.advanceTimersByTimeAsync(SAVE_ORDER_WAIT_MS - 100);
      expect(sent).toEqual(["mood"]);
      await vi.advanceTimersByTimeAsync(200);
      await expect(second).resolves.toBe(201);
      expect(sent).toEqual(["mood", "done"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("go on after one that was not delivered", async () => {
    const { sendSession } = await import("~/features/conscious/session-store");
    let calls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(() => (++calls === 1 ? Promise.reject(new Error("offline")) : Promise.resolve({ status: 201 }))),
    );
    const first = sendSession(new URLSearchParams({ emotionId: "2" }));
    const second = sendSession(new URLSearchParams({ endedBy: "done" }));
    await expect(first).resolves.toBe(0);
    await expect(second).resolves.toBe(201);
  });
});
