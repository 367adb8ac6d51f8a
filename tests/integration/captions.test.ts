import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, moderationAudit } from "~schema";
import { loadClipPage } from "~/features/clips/clip-page.server";
import { parseClipRef } from "~/features/clips/index.server";
import { CLI_ACTOR } from "~/features/moderation/audit.server";
import { setClipHidden } from "~/features/moderation/clips-visibility.server";
import { grantModerator } from "~/features/moderation/moderators.server";
import type { DatabaseHandle } from "~/lib/db.server";
import * as adminClips from "~/routes/admin.clips";
import { mediaRouter } from "../../server/media";
import { withheldMedia } from "../../server/withheld-media";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { message } from "../support/messages";
import { routeArgs } from "../support/route-args";
import { type TestServices, withTestServices } from "../support/services";
import { signInModerator } from "../support/sign-in";

// The desk attaches WebVTT captions per language; /media serves them beside the video and withholds them with it,
// whether Node sends the bytes or nginx does after X-Accel-Redirect (media-offload.test.ts runs the real nginx).

type Reply = { data: { ok: boolean; errors?: Record<string, string> }; init: { status?: number } | null };
const replyOf = (value: unknown) => ({ status: (value as Reply).init?.status ?? 200, ...(value as Reply).data });

const VTT = "WEBVTT - English\n\n00:00:00.000 --> 00:00:04.000\nA synthetic caption\n";
const VTT_ES = "\uFEFFWEBVTT\n\n00:00:00.000 --> 00:00:04.000\nUn subtítulo sintético\n";

describe(`captions on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made));
  const servers: Server[] = [];
  const urls = { node: "", accel: "" };

  beforeAll(async () => {
    const isWithheld = withheldMedia(handle.db);
    for (const [mode, accelRedirect] of [
      ["node", undefined],
      ["accel", "/_media/"],
    ] as const) {
      const app = express();
      app.use("/media", mediaRouter(env.services.storage, { isWithheld, accelRedirect }));
      const server = app.listen(0, "127.0.0.1");
      servers.push(server);
      await new Promise((resolve) => server.once("listening", resolve));
      urls[mode] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
  });
  afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

  async function moderator() {
    const email = `captions-${randomUUID()}@example.com`;
    await grantModerator(handle.db, email);
    return signInModerator(env, email);
  }
  async function newClip() {
    const id = randomUUID();
    const [clip] = await makeClips(handle.db, 1, { videoKey: `clips/captioned-${id}.mp4` });
    await env.services.storage.put(`clips/captioned-${id}.mp4`, Buffer.from("not really a video"));
    return { ...clip!, folder: `clips/captioned-${id}` };
  }
  function attach(cookie: string, clipId: string, language: string, file: Buffer | string | null, name = "captions.vtt") {
    const body = new FormData();
    body.set("intent", "attach-captions");
    body.set("clipId", clipId);
    body.set("language", language);
    if (file !== null) body.set("captions", new File([typeof file === "string" ? file : new Uint8Array(file)], name, { type: "text/vtt" }));
    return adminClips.action(routeArgs(env.services, "/admin/clips", { cookie, body })).then(replyOf);
  }
  const captionsOf = async (clipId: string) =>
    (await handle.db.select({ captions: clips.captions }).from(clips).where(eq(clips.id, clipId)))[0]!.captions;

  it("refuses what is not a UTF-8 WebVTT file within the size limit, each with its own translated message, storing nothing", async () => {
    const cookie = await moderator();
    const clip = await newClip();
    const refusals: [string, Buffer | string | null, string, string][] = [
      ["en", null, "captions", "edit.errors.captionsMissing"],
      ["en", "1\n00:00:00.000 --> 00:00:01.000\nhi\n", "captions", "edit.errors.captionsSignature"],
      ["en", "WEBVTTX\n", "captions", "edit.errors.captionsSignature"],
      ["en", Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]), "captions", "edit.errors.captionsEncoding"],
      ["en", `WEBVTT\n\n${"x".repeat(256 * 1024)}`, "captions", "edit.errors.captionsTooLarge"],
      ["fr", VTT, "language", "edit.errors.captionsLanguage"],
    ];
    for (const [language, file, field, key] of refusals) {
      const reply = await attach(cookie, clip.id, language, file);
      expect(reply, key).toMatchObject({ status: 400, ok: false, errors: { [field]: message("admin", key, "en") } });
    }
    // Spanish visitors read the same refusal in Spanish.
    const body = new FormData();
    body.set("intent", "attach-captions");
    body.set("clipId", clip.id);
    body.set("language", "es");
    body.set("captions", new File(["hola"], "es.vtt"));
    const spanish = replyOf(await adminClips.action(routeArgs(env.services, "/admin/clips", { cookie, body, language: "es" })));
    expect(spanish.errors).toEqual({ captions: message("admin", "edit.errors.captionsSignature", "es") });
    expect(await captionsOf(clip.id)).toEqual([]);
    expect(await env.services.storage.exists(`${clip.folder}/captions/en.vtt`)).toBe(false);
    // A clip that is not there.
    expect(await attach(cookie, randomUUID(), "en", VTT)).toMatchObject({ status: 404, ok: false });
    // Nobody but a moderator reaches the action.
    await expect(attach("", clip.id, "en", VTT)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("attaches captions per language, audited; the clip page lists them; /media serves them and withholds them with a hidden clip", async () => {
    const cookie = await moderator();
    const clip = await newClip();
    expect(await attach(cookie, clip.id, "en", VTT)).toMatchObject({ status: 200, ok: true });
    expect(await attach(cookie, clip.id, "es", VTT_ES)).toMatchObject({ status: 200, ok: true });
    const stored = await captionsOf(clip.id);
    expect(stored.map((c) => c.language)).toEqual(["en", "es"]);
    const audits = await handle.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, clip.id));
    expect(audits.map((a) => [a.action, a.note]).sort()).toEqual([
      ["captions_attached", "en"],
      ["captions_attached", "es"],
    ]);

    const page = (await loadClipPage(handle.db, {
      ref: parseClipRef(clip.id)!,
      origin: "http://localhost:3000",
      language: "en",
      audience: "hetero",
      mediaAllowed: true,
      flameOwner: null,
      canFlame: false,
    }))!;
    const enUrl = `/media/${clip.folder}/captions/en.vtt?v=${stored[0]!.version}`;
    expect(page.clip.captions).toEqual([
      { language: "en", url: enUrl },
      { language: "es", url: `/media/${clip.folder}/captions/es.vtt?v=${stored[1]!.version}` },
    ]);
    // Search engines learn of them from the VideoObject (the video sitemap extension has no caption element).
    expect(JSON.parse(page.seo.jsonLd).caption).toEqual([
      { "@type": "MediaObject", contentUrl: `http://localhost:3000${enUrl}`, encodingFormat: "text/vtt", inLanguage: "en" },
      {
        "@type": "MediaObject",
        contentUrl: `http://localhost:3000/media/${clip.folder}/captions/es.vtt?v=${stored[1]!.version}`,
        encodingFormat: "text/vtt",
        inLanguage: "es",
      },
    ]);
    // Before the age gate the player gets no media URL, captions included.
    const gated = await loadClipPage(handle.db, {
      ref: parseClipRef(clip.id)!,
      origin: "http://localhost:3000",
      language: "en",
      audience: "hetero",
      mediaAllowed: false,
      flameOwner: null,
      canFlame: false,
    });
    expect(gated!.clip.captions).toBeUndefined();

    const key = `${clip.folder}/captions/en.vtt`;
    const node = await fetch(`${urls.node}${enUrl}`);
    expect(node.status).toBe(200);
    expect(node.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await node.text()).toBe(VTT);
    const accel = await fetch(`${urls.accel}${enUrl}`);
    expect(accel.status).toBe(200);
    expect(accel.headers.get("x-accel-redirect")).toBe(`/_media/${key}`);

    expect((await setClipHidden(handle.db, CLI_ACTOR, clip.id, true)).ok).toBe(true);
    for (const base of [urls.node, urls.accel]) {
      const withheld = await fetch(`${base}${enUrl}`);
      expect(withheld.status, base).toBe(404);
      expect(withheld.headers.get("x-accel-redirect")).toBeNull();
    }
    expect((await setClipHidden(handle.db, CLI_ACTOR, clip.id, false)).ok).toBe(true);
    expect((await fetch(`${urls.node}${enUrl}`)).status).toBe(200);

    // A new file replaces the old one under a new version; removing deletes the file and the listing.
    expect(await attach(cookie, clip.id, "en", VTT.replace("A synthetic", "A replaced"))).toMatchObject({ ok: true });
    const replaced = (await captionsOf(clip.id)).find((c) => c.language === "en")!;
    expect(replaced.version).toBeGreaterThan(stored[0]!.version);
    expect(await (await fetch(`${urls.node}/media/${key}`)).text()).toContain("A replaced caption");
    const removed = new FormData();
    removed.set("intent", "remove-captions");
    removed.set("clipId", clip.id);
    removed.set("language", "en");
    expect(replyOf(await adminClips.action(routeArgs(env.services, "/admin/clips", { cookie, body: removed })))).toMatchObject({
      ok: true,
    });
    expect((await captionsOf(clip.id)).map((c) => c.language)).toEqual(["es"]);
    expect(await env.services.storage.exists(key)).toBe(false);
    expect((await fetch(`${urls.node}/media/${key}`)).status).toBe(404);
  });
});
