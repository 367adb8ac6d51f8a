import { randomBytes, randomUUID } from "node:crypto";

/** One visitor as the bench plays it: cookies a returning visitor's browser sends. */
export interface BenchVisitor {
  cookie: string;
}

/**
 * Anonymous visitors who passed the age gate, each with their own feed seed (ADR 072): many of them, so no
 * cache can serve one visitor's personal order to another. Every fourth has flamed before and carries a
 * flame owner id (`spicy_uid`): their pages are personal and never come from the micro-cache (ADR 032).
 */
export function anonymousVisitors(count: number): BenchVisitor[] {
  return Array.from({ length: count }, (_, i) => ({
    cookie: `age_verified=true; feed_seed=${randomBytes(8).toString("hex")}${i % 4 === 0 ? `; spicy_uid=${randomUUID()}` : ""}`,
  }));
}

export interface RequestSpec {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface BenchCase {
  name: string;
  /** Which throughput target applies (judged at 100 connections; docs/performance.md § Throughput). */
  target:
    | { kind: "ceiling"; ratio: number; p99Ms: number }
    | { kind: "rps"; rps: number; p99Ms: number }
    | { kind: "nginx"; ratio: number; p99Ms: number };
  /** The n-th request of the case (n counts across all connections). */
  request: (n: number) => RequestSpec;
  /** Served by nginx too (the media file). */
  nginxPath?: string;
  /** Large bodies: driven by the plain node:net client (http-load.ts), which autocannon would cap. */
  largeBodies?: boolean;
  /** Measured through nginx in front of the app restarted in offload mode (MEDIA_ACCEL_REDIRECT). */
  offload?: boolean;
}

export interface CaseInputs {
  visitors: BenchVisitor[];
  /** Returning visitors with a taste learned from their watching (taste-visitors.ts); empty when not asked for. */
  tasteVisitors: BenchVisitor[];
  /** Signed-in session cookies (`name=value`) for the flame toggle. */
  sessions: string[];
  origin: string;
  videoPath: string;
  tagPath: string;
  creatorPath: string;
  searchPath: string;
  flameClipIds: string[];
  mediaKey: string;
  mediaSize: number;
}

export const RANGE_BYTES = 1024 * 1024;

export function benchCases(input: CaseInputs): BenchCase[] {
  const visitor = (n: number) => input.visitors[n % input.visitors.length]!;
  const page = (name: string, path: (n: number) => string, ratio: number, p99Ms: number): BenchCase => ({
    name,
    target: { kind: "ceiling", ratio, p99Ms },
    request: (n) => ({ method: "GET", path: path(n), headers: { cookie: visitor(n).cookie, "accept-language": "en" } }),
  });
  const windows = Math.max(1, Math.floor(input.mediaSize / RANGE_BYTES));
  const media = (n: number): RequestSpec => {
    const start = (n % windows) * RANGE_BYTES;
    return {
      method: "GET",
      path: `/media/${input.mediaKey}`,
      headers: { cookie: visitor(n).cookie, range: `bytes=${start}-${start + RANGE_BYTES - 1}` },
    };
  };
  return [
    page("home", () => "/", 0.08, 500),
    // A visitor scrolling: the next pages of their own shuffled feed.
    page("feed", (n) => `/api/feed?offset=${12 * (1 + (n % 4))}`, 0.1, 250),
    // A visitor with a taste scrolling: pages ranked for them alone, from their own affinities and history (ADR 160).
    {
      name: "feed-taste",
      target: { kind: "ceiling", ratio: 0.1, p99Ms: 250 },
      request: (n) => ({
        method: "GET",
        // Each pass over the visitors takes every one a page further (12, 24, 36, 48, then from 12 again).
        path: `/api/feed?offset=${12 * (1 + (Math.floor(n / Math.max(1, input.tasteVisitors.length)) % 4))}`,
        headers: { cookie: input.tasteVisitors[n % input.tasteVisitors.length]?.cookie ?? "", "accept-language": "en" },
      }),
    },
    // The same visitors, each page ranked anew: their browser names a clip it holds that no kept ranking has (`shown`),
    // as after every batch of signals while they watch (a signal moves their version, ADR 199). What a personal page
    // costs when nothing of the visitor's ranking can be kept.
    {
      name: "feed-taste-ranked",
      target: { kind: "ceiling", ratio: 0.1, p99Ms: 250 },
      request: (n) => ({
        method: "GET",
        path: `/api/feed?offset=12&shown=${randomUUID()}`,
        headers: { cookie: input.tasteVisitors[n % input.tasteVisitors.length]?.cookie ?? "", "accept-language": "en" },
      }),
    },
    // A first visit: past the age gate but no feed seed yet, so each answer shuffles a new order (and sets the seed).
    {
      name: "feed-first-visit",
      target: { kind: "ceiling", ratio: 0.1, p99Ms: 250 },
      request: () => ({ method: "GET", path: "/api/feed?offset=0", headers: { cookie: "age_verified=true", "accept-language": "en" } }),
    },
    page("video", () => input.videoPath, 0.08, 500),
    page("tag", () => input.tagPath, 0.08, 500),
    page("creator", () => input.creatorPath, 0.08, 500),
    page("search", () => input.searchPath, 0.08, 500),
    {
      name: "flame",
      // p99 as the feed's: a flame is an API call the page waits on.
      target: { kind: "rps", rps: 500, p99Ms: 250 },
      // Signed-in users toggle a flame on and off: anonymous-flame limits (per id, per address) do not apply to them.
      request: (n) => {
        const user = n % input.sessions.length;
        const clipId = input.flameClipIds[user % input.flameClipIds.length]!;
        const flamed = Math.floor(n / input.sessions.length) % 2 === 0;
        return {
          method: "POST",
          path: "/api/flames",
          headers: {
            cookie: `age_verified=true; ${input.sessions[user]}`,
            origin: input.origin,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({ clipId, flamed: String(flamed) }).toString(),
        };
      },
    },
    {
      name: "media",
      // p99 as a page's: one 1 MiB window of a clip, which the player asks for ahead of playback.
      target: { kind: "nginx", ratio: 0.5, p99Ms: 500 },
      request: media,
      nginxPath: `/media/${input.mediaKey}`,
      largeBodies: true,
    },
    {
      // The same requests sent to nginx in front of the app in offload mode: the app authorises, nginx sends.
      name: "media-offload",
      target: { kind: "nginx", ratio: 0.5, p99Ms: 500 },
      request: media,
      nginxPath: `/media/${input.mediaKey}`,
      largeBodies: true,
      offload: true,
    },
  ];
}
