import { useEffect, useRef, useSyncExternalStore } from "react";
import { useT } from "~/lib/i18n/react";
import type { CaptionTrack } from "../../clip-card.server";
import {
  CAPTIONS_BUTTON_ATTRIBUTE,
  CAPTIONS_CHOICE_KEY as CHOICE_KEY,
  clickToActOn,
  isOwnEarlyClick,
  takeEarlyClick,
} from "./player-extras";

// The visitor's captions choice (CHOICE_KEY), kept in this browser: a language, or `off`. Nothing on the server depends
// on it (the tracks are added in the browser), so it is browser storage rather than a cookie that would split the page
// cache.

/** Each language named in itself, as players list subtitle tracks. */
const LABELS: Record<CaptionTrack["language"], string> = { en: "English", es: "Español" };

const listeners = new Set<() => void>();
let memory: string | null = null;
function storedChoice(): string | null {
  try {
    return localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}
function storeChoice(value: string) {
  try {
    localStorage.setItem(CHOICE_KEY, value);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
    memory = value;
  }
  listeners.forEach((listener) => listener());
}
const currentChoice = () => storedChoice() ?? memory;
function onChoiceChange(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** The language shown for this clip: the remembered one if the clip has it, else the page's, else its first; null when off. */
export function captionLanguage(captions: readonly CaptionTrack[], choice: string | null, pageLanguage: string) {
  if (choice === null || choice === "off" || captions.length === 0) return null;
  const has = (language: string) => captions.some((c) => c.language === language);
  return has(choice) ? choice : has(pageLanguage) ? pageLanguage : captions[0]!.language;
}

/** A cue's placement as its file gave it, kept while the cue is fitted beside the feed's action rail. */
const placedByFile = new WeakMap<VTTCue, { size: number; position: VTTCue["position"]; positionAlign: PositionAlignSetting }>();

/**
 * On a phone the feed's action rail sits over the clip's right edge: the subtitles keep left of it, as the title and
 * tags do — the cue's box narrowed to the part of the clip left of the rail (`over` pixels of `width` covered) and
 * centred there. The browser places cues by these, in percent of the video; a style on its subtitle box does not move
 * them. Where the rail stands beside the clip (`over` 0: wider screens, a phone turned) the cue is put back as its file
 * placed it.
 */
function fitCue(cue: VTTCue, width: number, over: number) {
  const own = placedByFile.get(cue);
  if (over <= 0) {
    if (own) Object.assign(cue, own);
    placedByFile.delete(cue);
    return;
  }
  const size = Math.round((1000 * (width - over)) / width) / 10;
  if (cue.size === size && own) return;
  if (!own) placedByFile.set(cue, { size: cue.size, position: cue.position, positionAlign: cue.positionAlign });
  cue.size = size;
  cue.position = size / 2;
  cue.positionAlign = "center";
}

/**
 * The CC button (only rendered for a clip with captions): shows or hides its subtitles and remembers the choice for
 * the next clips. The `<track kind="subtitles">` elements are added to the clip's video here, in its own lazily
 * loaded chunk, so they cost the first load nothing; the video is the one under the nearest element naming the
 * clip on screen (`data-clip-id`: the feed's stage, the video page's figure), found again when it is replaced.
 */
export default function CaptionsButton({ captions }: { captions: CaptionTrack[] }) {
  const { t, language: pageLanguage } = useT("feed");
  const button = useRef<HTMLButtonElement>(null);
  const choice = useSyncExternalStore(onChoiceChange, currentChoice, () => null);
  const showing = captionLanguage(captions, choice, pageLanguage);

  const toggle = () =>
    storeChoice(showing ? "off" : captions.some((c) => c.language === pageLanguage) ? pageLanguage : captions[0]!.language);
  // The press that asked for this code (the server's button, before hydration) is the visitor's: act on it once here —
  // on this element, or on the button this one replaced for the same clip.
  const pressedEarly = useRef(toggle);
  useEffect(() => {
    if (takeEarlyClick((target, clip) => isOwnEarlyClick(button.current, target, clip))) pressedEarly.current();
  }, []);

  useEffect(() => {
    const host = button.current?.closest<HTMLElement>("[data-clip-id]");
    if (!host) return;
    // The video whose track list is watched: the browser's own selection of tracks, once they are added, turned a
    // second language on beside the chosen one (Chromium); any change there is put back to the visitor's choice.
    let watched: HTMLVideoElement | null = null;
    const apply = () => {
      const video = host.querySelector<HTMLVideoElement>(`video[data-clip-id="${CSS.escape(host.dataset.clipId ?? "")}"]`);
      if (!video) return;
      if (video !== watched) {
        watched?.textTracks.removeEventListener("change", apply);
        video.textTracks.addEventListener("change", apply);
        watched = video;
      }
      for (const caption of captions) {
        let track = video.querySelector<HTMLTrackElement>(`track[srclang="${caption.language}"]`);
        if (!track) {
          track = document.createElement("track");
          track.kind = "subtitles";
          track.srclang = caption.language;
          track.label = LABELS[caption.language];
          track.src = caption.url;
          // Its cues arrive after it is added: they are fitted then.
          track.addEventListener("load", apply);
          video.append(track);
        }
        const mode = caption.language === showing ? "showing" : "disabled";
        if (track.track.mode !== mode) track.track.mode = mode;
      }
      // The subtitles rise above what is drawn over the clip's foot (the feed's title and tags, the controls), which
      // hid them: how far, for the style sheet's rule on the video's subtitle box.
      const covered = button.current?.closest(".feed-overlay")?.firstElementChild ?? button.current?.parentElement;
      const box = video.getBoundingClientRect();
      if (covered) {
        const clear = Math.max(0, Math.round(box.bottom - covered.getBoundingClientRect().top));
        video.style.setProperty("--cues-clear", `${clear}px`);
      }
      const rail = video.closest(".feed-stage")?.querySelector(".feed-rail")?.getBoundingClientRect();
      const over = rail && rail.left < box.right && rail.right > box.left && box.width > 0 ? box.right - rail.left : 0;
      for (const track of Array.from(video.textTracks))
        for (const cue of Array.from(track.cues ?? [])) if (cue instanceof VTTCue) fitCue(cue, box.width, over);
    };
    apply();
    // A source fallback gives the clip a new video element; the feed's stage swaps videos as clips change.
    const observer = new MutationObserver(apply);
    observer.observe(host, { childList: true, subtree: true });
    const resized = new ResizeObserver(apply);
    resized.observe(host);
    return () => {
      observer.disconnect();
      resized.disconnect();
      watched?.textTracks.removeEventListener("change", apply);
    };
  }, [captions, showing]);

  return (
    <button
      ref={button}
      type="button"
      {...{ [CAPTIONS_BUTTON_ATTRIBUTE]: "" }}
      aria-pressed={showing !== null}
      aria-label={t("player.captions")}
      title={showing ? LABELS[showing as CaptionTrack["language"]] : undefined}
      onClick={(event) => clickToActOn(event.nativeEvent) && toggle()}
      className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 ${
        showing ? "bg-white/25" : ""
      }`}
    >
      {/* Drawn, not written: a visible "CC" would have to be part of the button's name (WCAG 2.5.3, Label in Name). */}
      <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-6 w-6 ${showing ? "" : "opacity-80"}`} fill="none" stroke="currentColor">
        <rect x="2.5" y="5.5" width="19" height="13" rx="2.5" strokeWidth="2" />
        <path d="M10.4 10.2a2.3 2.3 0 1 0 0 3.6M16.4 10.2a2.3 2.3 0 1 0 0 3.6" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </button>
  );
}
