import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import type { Client } from "../../scripts/load/http";

// What the fault tests check after a fault (ADR 103): every acknowledged flame
// has its row, and every clip's count is its rows plus its seeded base.

export const rowsOf = async (handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: unknown[] }).rows;

/** Each clip's count on the first `clips` feed entries, before any flame row exists: its seeded base. */
export async function seededFlames(client: Client, clips: number): Promise<Map<string, number>> {
  const base = new Map<string, number>();
  for (let offset = 0; offset < clips; offset += 12) {
    const page = JSON.parse((await client.request(`/api/feed?offset=${offset}`, { headers: { cookie: "age_verified=true" } })).body);
    for (const clip of page.clips as { id: string; flames: number }[]) base.set(clip.id, clip.flames);
  }
  return base;
}

export async function expectFlamesKept(
  handle: DatabaseHandle,
  base: Map<string, number>,
  acknowledged: { visitor: string; clipId: string }[],
) {
  const rows = (await rowsOf(handle, sql`select clip_id::text as clip, anonymous_id::text as visitor from user_flames`)) as {
    clip: string;
    visitor: string | null;
  }[];
  const stored = new Set(rows.map((r) => `${r.visitor}/${r.clip}`));
  for (const ack of acknowledged)
    expect(stored, `acknowledged flame ${ack.visitor} on ${ack.clipId}`).toContain(`${ack.visitor}/${ack.clipId}`);
  const counts = (await rowsOf(handle, sql`select id::text as id, flames from clips`)) as { id: string; flames: number }[];
  const rowsPerClip = new Map<string, number>();
  for (const r of rows) rowsPerClip.set(r.clip, (rowsPerClip.get(r.clip) ?? 0) + 1);
  for (const clip of counts.filter((c) => base.has(c.id)))
    expect(Number(clip.flames), `count of clip ${clip.id}`).toBe(base.get(clip.id)! + (rowsPerClip.get(clip.id) ?? 0));
}
