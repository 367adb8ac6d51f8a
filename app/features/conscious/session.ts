/**
 * One Conscious Mode session across the whole adult site (docs/product.md, "One session timer"):
 * the browser keeps it in localStorage, so it survives navigation and reloads; it counts only
 * while the page is visible, and it ends after five minutes without activity (input, or a clip
 * playing). Pure functions over a plain state object, so the rules are testable without a browser.
 */

/** A session ends after this long without activity; hidden time counts as inactive. */
export const IDLE_MS = 5 * 60_000;
/** One tick never credits more than this: a sleeping laptop or a throttled tab is not watching. */
export const MAX_TICK_MS = 5_000;
/** Distinct clips remembered per session (the intention's clip count). */
export const MAX_CLIPS = 500;

export type SessionOwner = "member" | "anonymous";

export interface SessionState {
  /** A UUID made by the browser: the server stores the session under it, so each save replaces the last. */
  id: string;
  owner: SessionOwner;
  startedAt: number;
  lastActive: number;
  lastTick: number;
  activeMs: number;
  /** Milliseconds per browse category on screen. */
  categories: Record<string, number>;
  /** Distinct clip ids shown, in order. */
  clips: string[];
  /** The mood chosen during or at the end of the session (emotion id as text, "" for none). */
  emotionId: string;
  /** The mood chosen when the session began. */
  moodBefore: string;
  /** What the visitor came for, asked once per session when Conscious Mode is on. */
  intention: Intention | null;
  intentionAsked: boolean;
  /** Times "5 more" was chosen on the stop card. */
  extensions: number;
  /** The clip on screen at the last tick: a different one is a swipe. */
  onScreen: string | null;
  /** The intention is reached and a swipe came: the stop card shows instead of the clip. */
  stopDue: boolean;
}

export type IntentionKind = "clips" | "minutes" | "browse";
export interface Intention {
  kind: IntentionKind;
  /** Clips or minutes; null for "Just browsing". */
  target: number | null;
}

/** The intention's one-tap choices (docs/product.md §11.9). */
export const INTENTION_CHOICES: Intention[] = [
  { kind: "clips", target: 5 },
  { kind: "clips", target: 10 },
  { kind: "clips", target: 20 },
  { kind: "minutes", target: 5 },
  { kind: "minutes", target: 15 },
  { kind: "minutes", target: 30 },
  { kind: "browse", target: null },
];
/** What "5 more" adds: five clips, or five minutes. */
export const MORE = 5;

export interface TickInput {
  visible: boolean;
  /** Input since the last tick, or a clip playing. */
  active: boolean;
  category: string | null;
  clipId: string | null;
}

export function newSession(id: string, owner: SessionOwner, now: number): SessionState {
  return {
    id,
    owner,
    startedAt: now,
    lastActive: now,
    lastTick: now,
    activeMs: 0,
    categories: {},
    clips: [],
    emotionId: "",
    moodBefore: "",
    intention: null,
    intentionAsked: false,
    extensions: 0,
    onScreen: null,
    stopDue: false,
  };
}

/** The intention's target with every "5 more" added; null when there is nothing to reach. */
export function currentTarget(state: SessionState): number | null {
  const { intention } = state;
  return intention && intention.kind !== "browse" && intention.target ? intention.target + MORE * state.extensions : null;
}

/** Progress towards the intention: done and target in its own unit (clips or whole minutes). */
export function progress(state: SessionState): { kind: "clips" | "minutes"; done: number; target: number } | null {
  const target = currentTarget(state);
  if (target === null || !state.intention || state.intention.kind === "browse") return null;
  const done = state.intention.kind === "clips" ? state.clips.length : Math.floor(sessionSeconds(state) / 60);
  return { kind: state.intention.kind, done: Math.min(done, target), target };
}

/** True once the intention is reached (all its clips seen, or its minutes counted). */
export function intentionReached(state: SessionState): boolean {
  const target = currentTarget(state);
  if (target === null) return false;
  return state.intention!.kind === "clips" ? state.clips.length >= target : sessionSeconds(state) >= target * 60;
}

/** True once the session has seen no activity for IDLE_MS: it is over and a new one starts with the next activity. */
export function isOver(state: SessionState, now: number): boolean {
  return now - state.lastActive >= IDLE_MS;
}

/**
 * The state one tick later. Hidden pages count nothing (the session is paused, and the pause
 * counts towards idleness); a visible page counts the time since the last tick, capped.
 */
export function tick(state: SessionState, now: number, input: TickInput): SessionState {
  if (!input.visible || isOver(state, now)) return { ...state, lastTick: now };
  const lastActive = input.active ? now : state.lastActive;
  const delta = Math.max(0, Math.min(now - state.lastTick, MAX_TICK_MS));
  const categories = { ...state.categories };
  if (input.category && delta > 0) categories[input.category] = (categories[input.category] ?? 0) + delta;
  // A swipe once the intention is reached brings the stop card instead of the clip: that clip is not counted.
  const swiped = input.clipId !== null && input.clipId !== state.onScreen;
  const stopDue = state.stopDue || (swiped && intentionReached(state));
  const clips =
    input.clipId && !stopDue && !state.clips.includes(input.clipId) && state.clips.length < MAX_CLIPS
      ? [...state.clips, input.clipId]
      : state.clips;
  return {
    ...state,
    lastActive,
    lastTick: now,
    activeMs: state.activeMs + delta,
    categories,
    clips,
    onScreen: input.clipId ?? state.onScreen,
    stopDue,
  };
}

/** "5 more": the target grows by five, the card goes, and the clip under it counts at the next tick. */
export function fiveMore(state: SessionState): SessionState {
  return { ...state, extensions: state.extensions + 1, stopDue: false, onScreen: null };
}

export const sessionSeconds = (state: SessionState): number => Math.floor(state.activeMs / 1000);

/** Whole seconds per category; never more together than the session's own whole seconds (the server checks). */
export function categorySeconds(state: SessionState): Record<string, number> {
  const seconds: Record<string, number> = {};
  let left = sessionSeconds(state);
  for (const [slug, ms] of Object.entries(state.categories)) {
    const whole = Math.min(Math.floor(ms / 1000), left);
    if (whole > 0) seconds[slug] = whole;
    left -= whole;
  }
  return seconds;
}

/** The form the server's /api/usage reads for this session (undefined while it is under a second). */
export function usageBody(state: SessionState): URLSearchParams | undefined {
  const seconds = sessionSeconds(state);
  if (seconds < 1) return undefined;
  const body = new URLSearchParams({
    id: state.id,
    seconds: String(seconds),
    startedAt: new Date(state.startedAt).toISOString(),
    emotionId: state.emotionId,
    moodBeforeId: state.moodBefore,
    clips: String(state.clips.length),
    extensions: String(state.extensions),
  });
  if (state.intention) {
    body.set("intention", state.intention.kind);
    if (state.intention.target !== null) body.set("intentionTarget", String(state.intention.target));
  }
  const categories = categorySeconds(state);
  if (Object.keys(categories).length > 0) body.set("categories", JSON.stringify(categories));
  return body;
}

/** A finished anonymous session kept in the browser until its visitor signs in (then carried into the account). */
export interface KeptSession {
  body: string;
  endedAt: number;
}

/** Anonymous sessions the browser keeps: the latest 60, none older than 30 days. */
export const KEPT_MAX = 60;
export const KEPT_MAX_AGE_MS = 30 * 86_400_000;

export function keep(list: KeptSession[], session: KeptSession, now: number): KeptSession[] {
  return [...list, session].filter((s) => now - s.endedAt < KEPT_MAX_AGE_MS).slice(-KEPT_MAX);
}

/** Reads stored JSON defensively: storage is shared with whatever ran in this origin before. */
export function parseState(text: string | null): SessionState | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SessionState>;
    if (
      typeof value.id !== "string" ||
      (value.owner !== "member" && value.owner !== "anonymous") ||
      typeof value.startedAt !== "number" ||
      typeof value.lastActive !== "number" ||
      typeof value.lastTick !== "number" ||
      typeof value.activeMs !== "number" ||
      !value.categories ||
      typeof value.categories !== "object" ||
      !Array.isArray(value.clips)
    )
      return null;
    const intention =
      value.intention && ["clips", "minutes", "browse"].includes(value.intention.kind) ? (value.intention as Intention) : null;
    return {
      ...(value as SessionState),
      emotionId: typeof value.emotionId === "string" ? value.emotionId : "",
      moodBefore: typeof value.moodBefore === "string" ? value.moodBefore : "",
      intention,
      intentionAsked: value.intentionAsked === true,
      extensions: typeof value.extensions === "number" ? value.extensions : 0,
      onScreen: typeof value.onScreen === "string" ? value.onScreen : null,
      stopDue: value.stopDue === true,
    };
  } catch {
    return null;
  }
}

export function parseKept(text: string | null): KeptSession[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? value.filter((s): s is KeptSession => !!s && typeof s.body === "string" && typeof s.endedAt === "number")
      : [];
  } catch {
    return [];
  }
}

/** Conscious Mode's settings, kept per browser (docs/product.md §11.9). */
export interface ConsciousSettings {
  /** Conscious Mode is on: the intention and the pause apply. */
  on: boolean;
  /** Ask "What are you here for?" once per session (on by default once Conscious Mode is on). */
  intention: boolean;
  /** The breathing pause before the feed. */
  pause: boolean;
}
export const DEFAULT_SETTINGS: ConsciousSettings = { on: false, intention: true, pause: false };

export function parseSettings(text: string | null): ConsciousSettings {
  try {
    const value = text ? (JSON.parse(text) as Partial<ConsciousSettings>) : {};
    return {
      on: value.on === true,
      intention: value.intention !== false,
      pause: value.pause === true,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** The pause is never shown twice within this long. */
export const PAUSE_GAP_MS = 30 * 60_000;
export const PAUSE_SECONDS = 5;

export function pauseDue(settings: ConsciousSettings, lastPauseAt: number | null, now: number): boolean {
  return settings.on && settings.pause && (lastPauseAt === null || now - lastPauseAt >= PAUSE_GAP_MS);
}
