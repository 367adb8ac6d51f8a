import { data, redirect } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Services } from "~/lib/context";
import { alreadyLogged, handleAction } from "~/lib/http/action.server";
import { Conflict, NotFound, RateLimited, ServiceFailure } from "~/lib/http/errors";
import { routeArgs } from "../support/route-args";

function platform() {
  const log = { error: vi.fn() };
  return { services: { log, origin: "http://localhost" } as unknown as Services, log };
}

const schema = z.object({ minutes: z.coerce.number().int().min(1, "errors.invalidInput") });
type Body = { status: number; data: unknown };
const reply = (answer: unknown) => {
  const { init, data } = answer as { init?: ResponseInit; data: unknown };
  return { status: init?.status ?? 200, data } as Body;
};

/** What handleAction throws on when its use case throws `error`. */
const thrownOn = (args: Parameters<typeof handleAction>[0], error: unknown) =>
  handleAction(args, {
    namespace: "common",
    schema,
    handle: async () => {
      throw error;
    },
  }).catch((thrown: unknown) => thrown);

describe("handleAction (ADR 024)", () => {
  it("answers { ok: true, ...payload } for valid input, with the status and headers the use case set", async () => {
    const { services } = platform();
    const args = routeArgs(services, "/x", { body: { minutes: "5" } });
    const answer = await handleAction(args, {
      namespace: "common",
      schema,
      handle: async ({ minutes }, tools) => {
        tools.status = 201;
        tools.headers.set("Set-Cookie", "a=1");
        return { doubled: minutes * 2 };
      },
    });
    expect(reply(answer)).toEqual({ status: 201, data: { ok: true, doubled: 10 } });
    expect(new Headers((answer as { init: ResponseInit }).init.headers).get("set-cookie")).toBe("a=1");
  });

  it("refuses invalid input with 400, translated messages per field and the posted values", async () => {
    const { services } = platform();
    for (const [language, text] of [
      ["en", "Please check what you entered and try again."],
      ["es", "Revisa lo que escribiste e inténtalo de nuevo."],
    ] as const) {
      const handle = vi.fn();
      const args = routeArgs(services, "/x", { body: { minutes: "0", _js: "1" }, language });
      const answer = await handleAction(args, { namespace: "common", schema, handle });
      expect(reply(answer)).toEqual({ status: 400, data: { ok: false, errors: { minutes: text }, values: { minutes: "0" } } });
      expect(handle).not.toHaveBeenCalled();
    }
  });

  it("refuses a body that is no form with 400 in the same shape", async () => {
    const { services } = platform();
    const args = routeArgs(services, "/x", { method: "POST" });
    const answer = await handleAction(args, { namespace: "common", schema, handle: vi.fn() });
    expect(reply(answer).status).toBe(400);
    expect(reply(answer).data).toMatchObject({ ok: false, errors: { form: expect.stringMatching(/could not read/) } });
  });

  it("turns an expected error into its status and translated message, in the route's namespace first", async () => {
    const { services, log } = platform();
    const cases = [
      [new NotFound(), 404, "That no longer exists."],
      [new Conflict(), 409, "That was already done."],
      [new RateLimited(), 429, "Too many attempts. Please wait a few minutes and try again."],
      [
        new RateLimited("errors.rateLimited"),
        429,
        "Too many submissions from your connection. Please wait a few minutes and try again.",
        "forms",
      ],
    ] as const;
    for (const [error, status, text, namespace = "common"] of cases) {
      const args = routeArgs(services, "/x", { body: { minutes: "3" } });
      const answer = await handleAction(args, {
        namespace,
        schema,
        handle: async () => {
          throw error;
        },
      });
      expect(reply(answer).status).toBe(status);
      expect(reply(answer).data).toEqual({ ok: false, errors: { form: text }, values: { minutes: "3" }, reason: error.key });
    }
    expect(log.error).not.toHaveBeenCalled();
  });

  it("lets a redirect through", async () => {
    const { services } = platform();
    const args = routeArgs(services, "/x", { body: { minutes: "3" } });
    const thrown = await thrownOn(args, redirect("/done"));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/done");
  });

  it("lets a guard's thrown data() through without logging it", async () => {
    const { services, log } = platform();
    const args = routeArgs(services, "/x", { body: { minutes: "3" } });
    const guard = data({ accessRequired: true }, { status: 401 });
    expect(await thrownOn(args, guard)).toBe(guard);
    expect(log.error).not.toHaveBeenCalled();
  });

  it("answers a server failure the product words itself with its 5xx status and translated message, unlogged", async () => {
    const { services, log } = platform();
    const args = routeArgs(services, "/x", { body: { minutes: "3" }, language: "es" });
    const answer = await handleAction(args, {
      namespace: "my-account",
      schema,
      handle: async () => {
        throw new ServiceFailure(500, "delete.errors.likes");
      },
    });
    expect(reply(answer)).toEqual({
      status: 500,
      data: {
        ok: false,
        errors: { form: expect.stringContaining("nada") },
        values: { minutes: "3" },
        reason: "delete.errors.likes",
      },
    });
    expect(log.error).not.toHaveBeenCalled();
  });

  it("logs an unexpected error once with the request's logger and rethrows it", async () => {
    const { services, log } = platform();
    const failure = new Error("database went away");
    const args = routeArgs(services, "/x?y=1", { body: { minutes: "3" } });
    expect(await thrownOn(args, failure)).toBe(failure);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith({ err: failure, method: "POST", path: "/x" }, "action failed");
    expect(alreadyLogged(failure)).toBe(true);
  });
});
