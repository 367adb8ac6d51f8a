import { and, arrayOverlaps, desc, eq } from "drizzle-orm";
import { clips, type Audience } from "~schema";
import type { Database } from "~/lib/database";
import { clipCardFrom, toClipCard, type ClipCard } from "./clip-card.server";

export type { ClipCard };

/** The newest published clips for an audience, limited in SQL. */
export async function latestClips(db: Database, input: { audience: Audience; limit: number; mediaAllowed: boolean }): Promise<ClipCard[]> {
  const rows = await clipCardFrom(db)
    .where(and(eq(clips.status, "published"), arrayOverlaps(clips.audiences, [input.audience])))
    .orderBy(desc(clips.publishedAt), clips.id)
    .limit(input.limit);
  return rows.map((row) => toClipCard(row, input));
}
