import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { MAX_SIGNAL_BATCH } from "../../app/features/signals/signal-rules";
import type { BenchVisitor } from "./cases";

// Returning visitors with a taste, as the bench's `feed-taste` and `feed-taste-ranked` cases play them: each watched 48 clips of the feed's
// first pages, finishing those of one category (the visitor's number modulo the categories seen) and skipping the rest
// after under a second, sent as the player sends them (POST /api/signals, from a browser's user agent, same origin).
// Their feed is then ranked for them (ADR 160): their own affinities, their own "seen this week", their own reasons.

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const WATCHED = 48;
/** Visitors per loopback address: the per-address limit on new ids (NEW_IDS_PER_ADDRESS_HOUR) stays far off. */
const PER_ADDRESS = 50;

interface FeedPage {
  clips: { id: string; category: { slug: string } }[];
}

/**
 * The visitors kept in `file` by an earlier run on the same catalogue (the data directory keeps the server's secret,
 * so their signed ids still hold), else `count` made now and kept there: runs one after another then measure the
 * same visitors, not a database that grows by 400 visitors' signals — and their vacuuming — before each run.
 */
export async function keptTasteVisitors(file: string, base: string, count: number): Promise<BenchVisitor[]> {
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, "utf8")) as BenchVisitor[];
    if (kept.length === count) return kept;
  }
  const made = await tasteVisitors(base, count);
  writeFileSync(file, JSON.stringify(made));
  return made;
}

/** `count` visitors with a taste each, made through the server; their cookies as a returning browser sends them. */
export async function tasteVisitors(base: string, count: number): Promise<BenchVisitor[]> {
  const clips: FeedPage["clips"] = [];
  for (let offset = 0; clips.length < WATCHED; offset += 12) {
    const res = await fetch(`${base}/api/feed?offset=${offset}`, { headers: { cookie: "age_verified=true; feed_seed=bench" } });
    if (!res.ok) throw new Error(`GET /api/feed?offset=${offset} answered ${res.status}`);
    const page = (await res.json()) as FeedPage;
    if (page.clips.length === 0) break;
    clips.push(...page.clips);
  }
  const categories = [...new Set(clips.map((clip) => clip.category.slug))];
  if (categories.length === 0) throw new Error("the feed is empty: was the catalogue seeded?");
  const visitors: BenchVisitor[] = [];
  for (let i = 0; i < count; i++) {
    const liked = categories[i % categories.length];
    const events = clips
      .slice(0, WATCHED)
      .map((clip) =>
        clip.category.slug === liked
          ? { clipId: clip.id, kind: "watch", watchedMs: 8000, loops: 1, completed: true, skipped: false }
          : { clipId: clip.id, kind: "watch", watchedMs: 800, loops: 0, completed: false, skipped: true },
      );
    const address = `127.0.${10 + Math.floor(i / (PER_ADDRESS * 250))}.${1 + (Math.floor(i / PER_ADDRESS) % 250)}`;
    let owner = "";
    for (let at = 0; at < events.length; at += MAX_SIGNAL_BATCH) {
      const setCookie = await postSignals(base, address, owner, events.slice(at, at + MAX_SIGNAL_BATCH));
      owner ||= setCookie.find((c) => c.startsWith("spicy_uid="))?.split(";")[0] ?? "";
    }
    if (!owner) throw new Error("POST /api/signals gave no visitor id");
    visitors.push({ cookie: `age_verified=true; feed_seed=${randomBytes(8).toString("hex")}; ${owner}` });
  }
  return visitors;
}

function postSignals(base: string, localAddress: string, cookie: string, events: unknown[]): Promise<string[]> {
  const body = JSON.stringify({ events });
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/signals`,
      {
        method: "POST",
        localAddress,
        headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, origin: base, ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 204
            ? resolve(res.headers["set-cookie"] ?? [])
            : reject(new Error(`POST /api/signals answered ${res.statusCode}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
