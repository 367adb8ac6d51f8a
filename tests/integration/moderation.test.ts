import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { moderatorGrants, clips, contentClaims, contentReports, contactMessages, jobs, moderationAudit, user } from "~schema";
import { findClip } from "~/features/clips/clip-page.server";
import { feedPage } from "~/features/feed/feed.server";
import { grantModerator, grantModerators, isModerator, revokeModerator } from "~/features/moderation/moderators.server";
import { isWithheldMedia, setClipHidden } from "~/features/moderation/clips-visibility.server";
import { decideItems, saveNote } from "~/features/moderation/decisions.server";
import { deskFigures } from "~/features/moderation/figures.server";
import { listItems } from "~/features/moderation/queues.server";
import { searchCatalog } from "~/features/search/search.server";
import { renderSitemap } from "~/features/seo/sitemap.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { I18nProvider } from "~/lib/i18n/react";
import { loadNamespaces } from "~/lib/i18n/resources";
import * as adminLayout from "~/routes/admin";
import * as adminAudit from "~/routes/admin.audit";
import * as adminClipFile from "~/routes/admin.clip-file";
import * as adminClips from "~/routes/admin.clips";
import * as adminIndex from "~/routes/admin._index";
import * as adminItem from "~/routes/admin.item";
import * as adminQueue from "~/routes/admin.queue";
import { makeClips } from "../support/catalog";
import { routeArgs, type RouteCall } from "../support/route-args";
import { testEngine } from "../support/database";
import { type TestServices, withTestServices } from "../support/services";
import { signIn, signInModerator } from "../support/sign-in";

const ORIGIN = "http://localhost:3000";
const HOUR = 3600_000;

describe(`moderation back-end on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made), ORIGIN);

  const args = (path: string, init: RouteCall = {}) => routeArgs(env.services, path, init);

  const audits = async (targetId: string) =>
    (await handle.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, targetId))).map((r) => r.action);

  it("grants and revokes moderators by lower-cased e-mail, idempotently, with audit rows", async () => {
    expect(await grantModerator(handle.db, "  Boss@Example.COM ")).toEqual({ ok: true, email: "boss@example.com", changed: true });
    expect(await grantModerator(handle.db, "boss@example.com")).toEqual({ ok: true, email: "boss@example.com", changed: false });
    expect(await isModerator(handle.db, "BOSS@example.com")).toBe(true);
    expect(await grantModerator(handle.db, "not-an-email")).toEqual({ ok: false, error: "invalid_email" });
    expect(await revokeModerator(handle.db, "boss@example.com")).toMatchObject({ ok: true, changed: true });
    expect(await revokeModerator(handle.db, "boss@example.com")).toMatchObject({ ok: true, changed: false });
    expect(await isModerator(handle.db, "boss@example.com")).toBe(false);
    expect(await audits("boss@example.com")).toEqual(expect.arrayContaining(["moderator_granted", "moderator_revoked"]));
    const [grantRow] = await handle.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, "boss@example.com")).limit(1);
    expect(grantRow!.actorEmail).toBe("cli");
  });

  it("grants ADMIN_EMAILS at boot idempotently", async () => {
    expect(await grantModerators(handle.db, ["env1@example.com", "env2@example.com"])).toEqual(["env1@example.com", "env2@example.com"]);
    expect(await grantModerators(handle.db, ["env1@example.com", "env2@example.com"])).toEqual([]);
    const rows = await handle.db.select().from(moderatorGrants).where(eq(moderatorGrants.grantedBy, "ADMIN_EMAILS"));
    expect(rows.map((r) => r.email).sort()).toEqual(["env1@example.com", "env2@example.com"]);
  });

  /** Reports and removal claims start their 48-hour clock when they arrive (the intake sets it). */
  const clock = (createdAt: Date) => ({ createdAt, deadlineAt: new Date(createdAt.getTime() + 48 * HOUR) });
  const page1 = (queue: "reports" | "claims-removal" | "contact", state: "open" | "all" | "rejected" = "open") =>
    listItems(handle.db, { queue, state, sort: "deadline", q: null, page: 1 });

  it("puts overdue reports and removal claims first, most urgent first, and pages 20 per page", async () => {
    const now = new Date();
    const fresh = await handle.db
      .insert(contentReports)
      .values(
        Array.from({ length: 22 }, (_, i) => ({
          contentUrl: `https://x/${i}`,
          description: "d",
          ...clock(new Date(now.getTime() - i * 60_000)),
        })),
      )
      .returning();
    const [old] = await handle.db
      .insert(contentReports)
      .values({ contentUrl: "https://x/old", description: "old", ...clock(new Date(now.getTime() - 50 * HOUR)) })
      .returning();
    const first = await page1("reports");
    expect(first.items).toHaveLength(20);
    expect(first.hasNext).toBe(true);
    expect(first.items[0]).toMatchObject({ id: old!.id, summary: "old", link: "https://x/old" });
    expect(first.items[0]!.deadlineAt! < now.toISOString()).toBe(true);
    // Then the soonest deadline: the oldest of the rest.
    expect(first.items[1]!.id).toBe(fresh[21]!.id);
    expect((await listItems(handle.db, { queue: "reports", state: "open", sort: "deadline", q: null, page: 2 })).items).toHaveLength(3);
    expect((await listItems(handle.db, { queue: "reports", state: "open", sort: "newest", q: null, page: 1 })).items[0]!.id).toBe(
      fresh[0]!.id,
    );

    await handle.db.insert(contentClaims).values([
      { contentUrl: "u", email: "a@b.co", position: "removal", ...clock(new Date(now.getTime() - 49 * HOUR)) },
      { contentUrl: "u", email: "a@b.co", position: "partnership" },
    ]);
    const figures = await deskFigures(handle.db, now);
    expect(figures.find((f) => f.queue === "reports")).toMatchObject({ open: 23, overdue: 1 });
    expect(figures.find((f) => f.queue === "claims-removal")).toMatchObject({ open: 1, overdue: 1 });
    expect(figures.find((f) => f.queue === "claims-partnership")).toMatchObject({ open: 1, overdue: null });
    const removal = await page1("claims-removal", "all");
    expect(removal.items.length).toBeGreaterThan(0);
    expect(removal.items.every((i) => i.queue === "claims-removal")).toBe(true);
  });

  it("decides an open item once, with a reason, an audit row and its outcome e-mail queued; notes are audited too", async () => {
    const [message] = await handle.db
      .insert(contactMessages)
      .values({ name: "n", email: "e@x.co", subject: "s", message: "m" })
      .returning();
    const actor = { userId: null, email: "mod@example.com" };
    const services = env.services;
    await saveNote(handle.db, actor, "contact", message!.id, " private ");
    await expect(saveNote(handle.db, actor, "reports", message!.id, "elsewhere")).rejects.toMatchObject({
      status: 404,
      key: "item.failed",
    });
    const resolve = { decision: "resolved", reason: "answered", note: "Thanks!" } as const;
    expect(await decideItems(services, actor, "contact", [message!.id], resolve)).toEqual({ decided: [message!.id], skipped: [] });
    // Decided already, or not in that queue: left alone.
    expect(await decideItems(services, actor, "contact", [message!.id], { decision: "rejected", reason: "spam", note: "" })).toMatchObject({
      decided: [],
    });
    expect(await decideItems(services, actor, "reports", [message!.id], { decision: "rejected", reason: "spam", note: "" })).toMatchObject({
      decided: [],
    });
    const [row] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, message!.id));
    expect(row).toMatchObject({ status: "resolved", moderatorNote: "private", decisionReason: "answered" });
    expect(row!.decidedAt).toBeInstanceOf(Date);
    expect((await audits(message!.id)).sort()).toEqual(["note_saved", "resolved"]);
    const [audit] = await handle.db
      .select()
      .from(moderationAudit)
      .where(and(eq(moderationAudit.targetId, message!.id), eq(moderationAudit.action, "resolved")));
    expect(audit).toMatchObject({ targetType: "contact", note: "answered — Thanks!" });
    const queued = await handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.subject, `contact:${message!.id}`));
    expect(queued.map((j) => [j.kind, j.payload])).toEqual([
      ["outcome-mail", { queue: "contact", id: message!.id, decision: "resolved", reason: "answered", note: "Thanks!" }],
    ]);
    expect((await page1("contact", "open")).items.map((i) => i.id)).not.toContain(message!.id);
  });

  it("hiding a clip removes it from the feed, search, sitemap and video lookup; showing restores it", async () => {
    const media = `clips/zebraquokka-${Date.now()}`;
    const [clip] = await makeClips(handle.db, 1, {
      title: "Zebraquokka moderation clip",
      videoKey: `${media}.mp4`,
      thumbnail1Key: `${media}_thumb.jpg`,
      thumbnail2Key: `${media}_thumb2.jpg`,
      thumbnail3Key: `${media}_thumb3.jpg`,
    });
    const actor = { userId: null, email: "mod@example.com" };
    const visible = async () => {
      const feed = await feedPage(
        handle.db,
        { audience: "hetero", seed: "s", category: null, tag: null, period: "ongoing" },
        { offset: 0, limit: 500, mediaAllowed: true },
      );
      const search = await searchCatalog(handle.db, {
        term: "zebraquokka",
        audience: "hetero",
        language: "en",
        page: 1,
        mediaAllowed: true,
      });
      const stream = await renderSitemap(handle.db, { origin: ORIGIN, part: null });
      const sitemap = await new Response(stream).text();
      const video = await findClip(handle.db, { kind: "uuid", id: clip!.id });
      // Its files: /media serves every key that is not withheld.
      const keys = [clip!.videoKey, clip!.thumbnail1Key, clip!.thumbnail2Key, clip!.thumbnail3Key].filter((k): k is string => k !== null);
      const files = await Promise.all(keys.map(async (key) => !(await isWithheldMedia(handle.db, key))));
      return [feed.clips.some((c) => c.id === clip!.id), search.total > 0, sitemap.includes(clip!.slug), video !== null, ...files];
    };
    const [other] = await makeClips(handle.db, 1);
    const all = (shown: boolean) => Array(8).fill(shown);
    expect(await visible()).toEqual(all(true));
    expect(await setClipHidden(handle.db, actor, clip!.id, true)).toEqual({ ok: true });
    expect(await visible()).toEqual(all(false));
    // Only that clip's files are withheld.
    expect(await isWithheldMedia(handle.db, other!.videoKey)).toBe(false);
    expect(await setClipHidden(handle.db, actor, clip!.id, true)).toEqual({ ok: false });
    expect(await setClipHidden(handle.db, actor, clip!.id, false)).toEqual({ ok: true });
    expect(await visible()).toEqual(all(true));
    expect(await audits(clip!.id)).toEqual(["clip_hidden", "clip_shown"]);
  });

  it("answers 404 to anonymous visitors, non-moderators and Conscious Mode, 200 to moderators, for every route", async () => {
    const [clip] = await makeClips(handle.db, 1);
    await env.services.storage.put(clip!.videoKey, Buffer.from("video bytes"));
    const [report] = await handle.db
      .insert(contentReports)
      .values({ contentUrl: `/video/${clip!.slug}`, description: "bad", clipId: clip!.id })
      .returning();
    await grantModerator(handle.db, "admin@example.com");
    const admin = await signInModerator(env, "admin@example.com");
    const member = await signIn(env, "member@example.com");
    const itemParams = { queue: "reports", id: report!.id };
    const loaders: Array<[string, (a: never) => Promise<unknown>, Record<string, string>]> = [
      ["/admin", adminLayout.loader, {}],
      ["/admin", adminIndex.loader, {}],
      ["/admin/reports", adminQueue.loader, { queue: "reports" }],
      [`/admin/reports/${report!.id}`, adminItem.loader, itemParams],
      ["/admin/audit", adminAudit.loader, {}],
      [`/admin/clips?q=${clip!.id}`, adminClips.loader, {}],
      [`/admin/clips/${clip!.id}/video`, adminClipFile.loader, { id: clip!.id, file: "video" }],
    ];
    // [path, action, params, body, the moderator's answer: 200, or 302 when the desk moves on]
    const actions: Array<[string, (a: never) => Promise<unknown>, Record<string, string>, Record<string, string>, number]> = [
      [`/admin/reports/${report!.id}`, adminItem.action, itemParams, { intent: "note", note: "checked" }, 200],
      [`/admin/reports/${report!.id}`, adminItem.action, itemParams, { intent: "hide-clip" }, 302],
      ["/admin/clips", adminClips.action, {}, { intent: "show-clip", clipId: clip!.id }, 200],
      [`/admin/reports/${report!.id}`, adminItem.action, itemParams, { intent: "resolve", reason: "removed" }, 302],
    ];
    const status = async (fn: (a: never) => Promise<unknown>, a: never) => {
      try {
        const result = (await fn(a)) as { init?: { status?: number } } | Response | null;
        return result instanceof Response ? result.status : (result?.init?.status ?? 200);
      } catch (error) {
        if (error instanceof Response) return error.status;
        return (error as { init?: { status?: number } }).init?.status ?? 500;
      }
    };
    for (const cookie of [undefined, member]) {
      for (const [path, fn, params] of loaders) expect(await status(fn, args(path, { cookie, params })), path).toBe(404);
      for (const [path, fn, params, body] of actions)
        expect(await status(fn, args(path, { cookie, params, method: "POST", body })), path).toBe(404);
    }
    for (const [path, fn, params] of loaders)
      expect(await status(fn, args(path, { cookie: admin, params, brandMode: "conscious" })), path).toBe(404);
    const middleware = adminLayout.middleware[0]! as (a: never, next: () => Promise<unknown>) => Promise<unknown>;
    expect(
      await middleware(args("/admin", { cookie: member }), async () => null).catch((e: { init: { status: number } }) => e.init.status),
    ).toBe(404);
    expect(await middleware(args("/admin", { cookie: admin }), async () => "next")).toBeUndefined();
    for (const [path, fn, params] of loaders) expect(await status(fn, args(path, { cookie: admin, params })), path).toBe(200);
    // Nothing changed while the visitors were refused.
    expect(await audits(report!.id)).toEqual([]);
    for (const [path, fn, params, body, expected] of actions)
      expect(await status(fn, args(path, { cookie: admin, params, method: "POST", body })), `${path} ${body.intent}`).toBe(expected);
    const [row] = await handle.db.select().from(contentReports).where(eq(contentReports.id, report!.id));
    expect(row).toMatchObject({ status: "resolved", moderatorNote: "checked" });
    const [clipRow] = await handle.db.select({ status: clips.status }).from(clips).where(eq(clips.id, clip!.id));
    expect(clipRow!.status).toBe("published");
    const trail = await handle.db.select().from(moderationAudit).where(eq(moderationAudit.actorEmail, "admin@example.com"));
    // Hiding from a report blocks the clip's copies; showing it again lifts the block.
    expect(trail.map((r) => r.action).sort()).toEqual([
      "block_lifted",
      "clip_blocked",
      "clip_hidden",
      "clip_shown",
      "note_saved",
      "resolved",
    ]);
    expect(trail.every((r) => r.actorUserId)).toBe(true);
    // Unknown queue and item ids are 404 for moderators too.
    expect(await status(adminQueue.loader, args("/admin/nope", { cookie: admin, params: { queue: "nope" } }))).toBe(404);
    expect(
      await status(adminItem.loader, args("/admin/reports/x", { cookie: admin, params: { queue: "reports", id: randomUUID() } })),
    ).toBe(404);
    // A malformed id is not a database error (found by the fuzzer: /admin/submissions/./upload resolves to id "upload").
    for (const queue of ["submissions", "reports", "claims-removal", "contact", "partnerships"])
      for (const id of ["upload", "x'--", "0000000b-b902-5a9a-8000-000c9954070g", "00000000-0000-0000-0000-000000000000"]) {
        const params = { queue, id };
        expect(await status(adminItem.loader, args(`/admin/${queue}/${id}`, { cookie: admin, params })), `${queue}/${id}`).toBe(404);
        for (const intent of ["note", "resolve", "hide-clip", "show-clip", "publish"])
          expect(
            await status(
              adminItem.action,
              args(`/admin/${queue}/${id}`, { cookie: admin, params, method: "POST", body: { intent, note: "n", reason: "removed" } }),
            ),
            `${queue}/${id} ${intent}`,
          ).toBeLessThan(500);
      }
  });
  it("renders every desk page for a moderator in English and Spanish", async () => {
    await Promise.all([loadNamespaces("en"), loadNamespaces("es")]);
    const [clip] = await makeClips(handle.db, 1);
    const [claim] = await handle.db
      .insert(contentClaims)
      .values({ contentUrl: "u", email: "c@x.co", position: "removal", clipId: clip!.id, ...clock(new Date(Date.now() - 60 * HOUR)) })
      .returning();
    await grantModerator(handle.db, "render@example.com");
    const cookie = await signInModerator(env, "render@example.com");
    const pages: Array<[string, { loader: (a: never) => Promise<unknown>; default: unknown }, Record<string, string>, string, string]> = [
      ["/admin", adminIndex, {}, "Moderation dashboard", "Panel de moderación"],
      ["/admin/claims-removal", adminQueue, { queue: "claims-removal" }, "Overdue by 12 h", "Vencido hace 12 h"],
      [`/admin/claims-removal/${claim!.id}`, adminItem, { queue: "claims-removal", id: claim!.id }, "Hide clip", "Ocultar clip"],
      ["/admin/audit", adminAudit, {}, "Admin granted", "Admin concedido"],
      [`/admin/clips?q=${clip!.id}`, adminClips, {}, "Hide clip", "Ocultar clip"],
      // Chosen values read in the moderator's language; the clip is found by its 8-hex short id too.
      [`/admin/claims-removal/${claim!.id}`, adminItem, { queue: "claims-removal", id: claim!.id }, "Removal", "Retirada"],
      [`/admin/clips?q=${clip!.id.slice(0, 8)}`, adminClips, {}, "Status: published", "Estado: publicado"],
    ];
    for (const [path, mod, params, en, es] of pages) {
      const loaderData = await mod.loader(args(path, { cookie, params }));
      for (const [language, expected] of [
        ["en", en],
        ["es", es],
      ] as const) {
        const Page = mod.default as ComponentType<{ loaderData: unknown; params: unknown; matches: unknown }>;
        const router = createMemoryRouter([{ path: "*", element: createElement(Page, { loaderData, params, matches: [] }) }], {
          initialEntries: [path],
        });
        const html = renderToString(createElement(I18nProvider, { language, children: createElement(RouterProvider, { router }) }));
        expect(html, `${path} ${language}`).toContain(expected);
      }
    }
  });
  it("lists removal claims by their clock: overdue first, then the soonest deadlines", async () => {
    const now = new Date();
    const rows = await handle.db
      .insert(contentClaims)
      .values(
        [1, 47, 40, 70, 2].map((h) => ({
          contentUrl: `https://x/due-${h}`,
          email: "d@x.co",
          position: "removal" as const,
          ...clock(new Date(now.getTime() - h * HOUR)),
        })),
      )
      .returning();
    const ids = new Set(rows.map((r) => r.id));
    const order = (await page1("claims-removal")).items.filter((i) => ids.has(i.id)).map((i) => i.link);
    expect(order).toEqual(["https://x/due-70", "https://x/due-47", "https://x/due-40", "https://x/due-2", "https://x/due-1"]);
  });

  it("names the signed-in sender of an item by e-mail", async () => {
    await grantModerator(handle.db, "sender-check@example.com");
    const cookie = await signInModerator(env, "sender-check@example.com");
    const [sender] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, "sender-check@example.com"));
    const [message] = await handle.db
      .insert(contactMessages)
      .values({ name: "N", email: "n@x.co", subject: "s", message: "m", userId: sender!.id })
      .returning();
    const page = await adminItem.loader(args(`/admin/contact/${message!.id}`, { cookie, params: { queue: "contact", id: message!.id } }));
    expect(page.item).toMatchObject({ signedInAs: "sender-check@example.com", sender: "n@x.co" });
  });
});
