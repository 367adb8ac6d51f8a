import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What a rendered page read about its visitor (docs/decisions/032-anonymous-micro-cache.md): today, which
 * clips' flamed state it showed. The micro-cache records this while it renders a page for an anonymous
 * visitor; a flame owner then shares that page only when they flamed none of those clips, because the page
 * is then byte for byte what they would have been rendered.
 */
export interface PersonalReads {
  flamedStateOf: Set<string>;
  /**
   * The clips it shows as a feed's lead, the same for everyone (ADR 112): a visitor who marked one "Not interested"
   * gets their own render, which leads with another clip (docs/decisions/183-dismissed-lead-rendered-for-its-visitor.md).
   */
  leads: Set<string>;
}

// One store per process, although the server (from source) and the app (from its build) each load this
// module: the micro-cache records, the build's loaders note.
const STORE = Symbol.for("spicy-clips.personal-reads");
const holder = globalThis as typeof globalThis & { [STORE]?: AsyncLocalStorage<PersonalReads> };
const current = (holder[STORE] ??= new AsyncLocalStorage<PersonalReads>());

/** Runs `render` with a fresh record of its personal reads. */
export function recordPersonalReads<T>(render: () => T): { reads: PersonalReads; result: T } {
  const reads: PersonalReads = { flamedStateOf: new Set(), leads: new Set() };
  return { reads, result: current.run(reads, render) };
}

/** Called wherever a page reads whether its visitor flamed these clips (whoever the visitor is). */
export function noteFlamedStateRead(clipIds: readonly string[]): void {
  const reads = current.getStore();
  if (reads) for (const id of clipIds) reads.flamedStateOf.add(id);
}

/** Called where a page shows a clip as the lead of every visitor's feed. */
export function noteLeadRead(clipIds: readonly string[]): void {
  const reads = current.getStore();
  if (reads) for (const id of clipIds) reads.leads.add(id);
}
