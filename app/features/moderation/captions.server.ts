import { eq } from "drizzle-orm";
import { CAPTION_LANGUAGES, clips, type CaptionLanguage, type ClipCaption } from "~schema";
import type { Database } from "~/lib/database";
import { InvalidInput, NotFound } from "~/lib/http/errors";
import type { Storage } from "~/lib/storage/index.server";
import { captionKey, derivedFolder } from "~/lib/storage/derived-keys";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";

/**
 * Captions the desk attaches to a clip: one WebVTT file per language, stored beside the video
 * (`clips/<name>/captions/<language>.vtt`), so /media serves and withholds them with it (ADR 155). Each change writes
 * the clip's `captions` column and its audit entry in one transaction.
 */

/** A caption file for clips of at most a minute or two is a few KB; a quarter of a MiB leaves room for long ones. */
export const CAPTION_MAX_BYTES = 256 * 1024;

// The file's first line: the signature, optionally after a byte order mark, then a space, a tab or the line's end.
const SIGNATURE = /^\uFEFF?WEBVTT(?:[ \t][^\r\n]*)?(?:\r\n|\r|\n|$)/;

export const isCaptionLanguage = (value: string): value is CaptionLanguage => (CAPTION_LANGUAGES as readonly string[]).includes(value);

/** The refusal (a key of the admin namespace) for a file that is not a WebVTT caption file we keep, or null. */
export function captionFileProblem(bytes: Uint8Array): string | null {
  if (bytes.byteLength === 0) return "edit.errors.captionsMissing";
  if (bytes.byteLength > CAPTION_MAX_BYTES) return "edit.errors.captionsTooLarge";
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return "edit.errors.captionsEncoding";
  }
  // WebVTT allows no NUL; a file holding one is binary whatever its first line says.
  if (!SIGNATURE.test(text) || text.includes("\u0000")) return "edit.errors.captionsSignature";
  return null;
}

async function lockedClip(tx: Pick<Database, "select">, clipId: string) {
  if (!isUuidV4(clipId)) throw new NotFound("edit.errors.clipNotFound");
  const [clip] = await tx
    .select({ videoKey: clips.videoKey, captions: clips.captions })
    .from(clips)
    .where(eq(clips.id, clipId))
    .for("update");
  const folder = clip && derivedFolder(clip.videoKey);
  if (!clip || !folder) throw new NotFound("edit.errors.clipNotFound");
  return { folder, captions: clip.captions };
}

/**
 * Attaches (or replaces) a clip's captions in one language. Refusals are InvalidInput on the `captions` or
 * `language` field with a translated key, and nothing is stored. The file is written before the row: a failure in
 * between leaves a file no page links to, which the next attach overwrites.
 */
export async function attachCaptions(
  db: Database,
  storage: Storage,
  actor: Actor,
  input: { clipId: string; language: string; file: Uint8Array | null },
): Promise<ClipCaption> {
  if (!isCaptionLanguage(input.language)) throw new InvalidInput("edit.errors.captionsLanguage", {}, "language");
  const problem = input.file ? captionFileProblem(input.file) : "edit.errors.captionsMissing";
  if (problem) throw new InvalidInput(problem, {}, "captions");
  const language = input.language;
  return db.transaction(async (tx) => {
    const { folder, captions } = await lockedClip(tx, input.clipId);
    await storage.put(captionKey(folder, language), Buffer.from(input.file!), { contentType: "text/vtt; charset=utf-8" });
    // Later than any version before it, so a replaced file gets a new URL (caches keep /media files an hour).
    const previous = captions.find((c) => c.language === language)?.version ?? 0;
    const caption: ClipCaption = { language, version: Math.max(Date.now(), previous + 1) };
    const next = [...captions.filter((c) => c.language !== language), caption].sort((a, b) => a.language.localeCompare(b.language));
    await tx.update(clips).set({ captions: next, updatedAt: new Date() }).where(eq(clips.id, input.clipId));
    await writeAudit(tx, actor, { action: "captions_attached", targetType: "clip", targetId: input.clipId, note: language });
    return caption;
  });
}

/** Removes a clip's captions in one language (the row first, then the file). NotFound when it had none. */
export async function removeCaptions(db: Database, storage: Storage, actor: Actor, input: { clipId: string; language: string }) {
  if (!isCaptionLanguage(input.language)) throw new InvalidInput("edit.errors.captionsLanguage", {}, "language");
  const language = input.language;
  const folder = await db.transaction(async (tx) => {
    const { folder, captions } = await lockedClip(tx, input.clipId);
    if (!captions.some((c) => c.language === language)) throw new NotFound("edit.errors.captionsNotFound");
    await tx
      .update(clips)
      .set({ captions: captions.filter((c) => c.language !== language), updatedAt: new Date() })
      .where(eq(clips.id, input.clipId));
    await writeAudit(tx, actor, { action: "captions_removed", targetType: "clip", targetId: input.clipId, note: language });
    return folder;
  });
  await storage.delete(captionKey(folder, language));
}
