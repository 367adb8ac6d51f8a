/**
 * The database's notification channels that in-memory caches follow on PGlite in process (docs/database.md lists
 * the trigger sending each, and the migration that defines it). A channel's name lives here only.
 */
export const CHANNELS = {
  /** The catalogue's cache generation moved; the payload is its new value (`cache_generation_notify`). */
  cacheGeneration: "cache_generation",
  /** A clip's flame count moved; the payload is "clipId count" (`clip_flames_notify`). */
  clipFlames: "clip_flames",
  /** An owner flamed or unflamed a clip; the payload is "+|- owner clipId" (`user_flames_notify`). */
  userFlames: "user_flames",
  /** A visitor marked a clip "Not interested" or took it back; the payload is "+|- owner clipId" (`dismissed_clips_notify`). */
  dismissedClips: "dismissed_clips",
  /** A visitor's feed choice or signal version changed; the payload is "<u|a>:<owner id>" (`feed_state_notify`). */
  feedStates: "feed_states",
  /** A session row changed or went; the payload is its token (`session_changed_notify`). */
  sessionChanged: "session_changed",
  /** A user row changed or went; the payload is its id (`user_changed_notify`). */
  userChanged: "user_changed",
} as const;
