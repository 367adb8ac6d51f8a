import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { contentSubmissions } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";

/** A real MP4: the demo seed's first clip. */
export const SAMPLE_MP4 = readFileSync(new URL("../../db/seed/media/clip-01.mp4", import.meta.url));

/** The submit form's fields, all valid, without the file. */
export const SUBMIT_FIELDS = {
  creatorName: "Test Pattern Studio",
  category: "Cosplay",
  tags: "colour bars, test",
  imageOrVideoLink: "https://example.com/clip",
  salesProfileLink: "https://fans.example/studio",
};

/** The uploads waiting in quarantine under `dataDir` (none before the first). */
export function quarantinedUploads(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, "media", "quarantine", "submissions"));
  } catch {
    return [];
  }
}

/** How many submissions are recorded. */
export const submissionCount = async (db: DatabaseHandle["db"]) => (await db.select({ n: count() }).from(contentSubmissions))[0]!.n;
