import { useCallback, useEffect, useRef, useState } from "react";
import { isOver, newSession, sessionSeconds, tick, usageBody, type SessionState } from "../session";
import {
  browserAsksNoProfile,
  carryKeptSessions,
  discardKeptSessions,
  keepSession,
  keptSessions,
  loadSession,
  randomId,
  registerSessionSaver,
  rememberLast,
  sendSession,
  storeSession,
} from "../session-store";
import { ON_SCREEN_CATEGORY_ATTRIBUTE, ON_SCREEN_CLIP_ATTRIBUTE } from "../timer";
import { rememberTimeZone } from "../time-zone";

/** A member's running session is saved again after this much more counted time. */
const SAVE_EVERY_SECONDS = 30;
const INPUT_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"] as const;
/** Pages about the habit, not of it: reading one's insights or resting on the calm page pauses the session. */
export const PAUSED_PATHS = new Set(["/insights", "/done"]);

export type Ending = "done" | "idle" | "ended";

function onScreen(attribute: string): string | null {
  return document.querySelector(`[${attribute}]`)?.getAttribute(attribute) || null;
}

const clipPlaying = () => Array.from(document.querySelectorAll("video")).some((video) => !video.paused && !video.ended);

/**
 * The one Conscious Mode session of this browser, ticking each second on every adult page. A
 * member's session is saved as it goes (under its own id, so each save replaces the last) and when
 * the page is hidden or left; an anonymous visitor's is kept in the browser when it ends and
 * carried into the account at the next signed-in page.
 */
export function useConsciousSession(signedIn: boolean) {
  const [state, setState] = useState<SessionState | null>(null);
  // Read once the page runs in the browser (the server has no navigator).
  const [noProfile, setNoProfile] = useState(false);
  useEffect(() => setNoProfile(browserAsksNoProfile()), []);
  const owner = signedIn && !noProfile ? "member" : "anonymous";
  const input = useRef(true);
  const savedSeconds = useRef(0);
  // Sessions kept in this browser while anonymous, waiting for the member's choice to add them.
  const [kept, setKept] = useState(0);

  const save = useCallback((session: SessionState, leavingPage = false, endedBy?: Ending) => {
    const body = usageBody(session);
    if (!body) return;
    if (endedBy) body.set("endedBy", endedBy);
    if (session.owner === "member") {
      savedSeconds.current = sessionSeconds(session);
      void sendSession(body, leavingPage);
    } else if (endedBy) keepSession(body, Date.now());
  }, []);

  /** Ends the session now; the next activity starts a new one. */
  const end = useCallback(
    (endedBy: Ending) => {
      const session = loadSession();
      if (session) {
        save(session, false, endedBy);
        rememberLast({ seconds: sessionSeconds(session), clips: session.clips.length, kept: session.intention !== null });
      }
      storeSession(null);
      savedSeconds.current = 0;
      setState(null);
    },
    [save],
  );

  /** Changes the running session (a mood chosen …) and saves a member's at once. */
  const update = useCallback(
    (change: (session: SessionState) => SessionState) => {
      const session = loadSession();
      if (!session) return;
      const next = change(session);
      storeSession(next);
      setState(next);
      if (next.owner === "member") save(next);
    },
    [save],
  );

  useEffect(() => {
    rememberTimeZone();
    const now = Date.now();
    let session = loadSession();
    // Signed out since: the member's session is on the server already and is not this visitor's to continue.
    if (session && session.owner === "member" && owner === "anonymous") session = null;
    else if (session && isOver(session, now)) {
      save(session, false, "idle");
      session = null;
    } else if (session && session.owner === "anonymous" && owner === "member") {
      // Signed in during the session: it goes on as the member's.
      session = { ...session, owner };
      save(session);
    }
    storeSession(session);
    setState(session);
    // Carried in only when the member says so: a sign-in finished in someone else's browser must not take theirs.
    setKept(owner === "member" ? keptSessions().length : 0);

    const onInput = () => {
      input.current = true;
    };
    for (const name of INPUT_EVENTS) addEventListener(name, onInput, { passive: true, capture: true });

    const step = () => {
      const at = Date.now();
      const visible = document.visibilityState === "visible" && !PAUSED_PATHS.has(location.pathname);
      const active = visible && (input.current || clipPlaying());
      input.current = false;
      let current = loadSession();
      if (current && current.owner !== owner) current = owner === "member" ? { ...current, owner } : null;
      if (current && isOver(current, at)) {
        save(current, false, "idle");
        current = null;
        savedSeconds.current = 0;
      }
      if (!current) {
        if (!active) {
          storeSession(null);
          setState(null);
          return;
        }
        current = newSession(randomId(), owner, at);
      }
      const next = tick(current, at, {
        visible,
        active,
        category: visible ? onScreen(ON_SCREEN_CATEGORY_ATTRIBUTE) : null,
        clipId: visible ? onScreen(ON_SCREEN_CLIP_ATTRIBUTE) : null,
      });
      storeSession(next);
      setState(next);
      // The stop card stands instead of the clip: nothing plays behind it.
      if (next.stopDue) for (const video of document.querySelectorAll("video")) video.pause();
      if (next.owner === "member" && sessionSeconds(next) - savedSeconds.current >= SAVE_EVERY_SECONDS) save(next);
    };
    step();
    const timer = setInterval(step, 1000);
    const hide = () => {
      if (document.visibilityState === "hidden") {
        const current = loadSession();
        if (current?.owner === "member") save(current, true);
      }
    };
    const leave = () => {
      const current = loadSession();
      if (current?.owner === "member") save(current, true);
    };
    document.addEventListener("visibilitychange", hide);
    addEventListener("pagehide", leave);
    registerSessionSaver(() => {
      const current = loadSession();
      if (current?.owner === "member") save(current);
    });
    return () => {
      registerSessionSaver(null);
      clearInterval(timer);
      for (const name of INPUT_EVENTS) removeEventListener(name, onInput, { capture: true });
      document.removeEventListener("visibilitychange", hide);
      removeEventListener("pagehide", leave);
    };
  }, [owner, save]);

  const carry = useCallback(async () => {
    await carryKeptSessions();
    setKept(keptSessions().length);
  }, []);
  const discard = useCallback(() => {
    discardKeptSessions();
    setKept(0);
  }, []);

  return { state, end, update, kept, carry, discard, noProfile: signedIn && noProfile };
}
