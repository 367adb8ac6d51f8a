import { MOBILE_DATA_DENSITY, type PlaybackConditions } from "./rendition-choice";

import { DATA_SAVER_COOKIE } from "~/lib/cookies";

// What the browser knows about the screen and the network when a clip is about to load. The measured
// throughput is kept in this browser only (sessionStorage); the Data saver switch is a preference cookie, so the
// server's page starts the first clip on the smallest rung too.

const ONE_YEAR = 60 * 60 * 24 * 365;
const THROUGHPUT_KEY = "spicy_throughput_kbps";
/** A feed box at most this wide (CSS pixels) is a phone's (ADR 206). */
const PHONE_BOX_WIDTH = 480;
/** Weight of a new measurement against what was measured before. */
const NEW_SAMPLE_WEIGHT = 0.5;

interface NetworkInformation {
  saveData?: boolean;
  /** "wifi", "cellular", …: Chromium on Android and ChromeOS only (a phone on Ethernet is not a case). */
  type?: string;
  /** Mbit/s, as the browser estimates it (Chromium rounds and caps it). */
  downlink?: number;
  effectiveType?: string;
}

const connection = (): NetworkInformation | undefined =>
  typeof navigator === "undefined" ? undefined : (navigator as Navigator & { connection?: NetworkInformation }).connection;

/** A value of this browser's storage, or null (also when storage is refused). */
export function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null) {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Storage refused (private mode, full): the choice lasts for this page only.
  }
}

const session = () => window.sessionStorage;

const listeners = new Set<() => void>();

/** The player's Data saver switch (the browser's own Save-Data counts too, see currentConditions). */
export function dataSaverChosen(): boolean {
  return typeof document !== "undefined" && document.cookie.split("; ").includes(`${DATA_SAVER_COOKIE}=on`);
}

export function chooseDataSaver(on: boolean) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${DATA_SAVER_COOKIE}=on; Path=/; Max-Age=${on ? ONE_YEAR : 0}; SameSite=Lax${secure}`;
  listeners.forEach((listener) => listener());
}

export function onDataSaverChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Throughput measured on earlier clips of this visit, in kbit/s, or null. */
export function measuredThroughput(): number | null {
  const value = Number(read(session, THROUGHPUT_KEY));
  return value > 0 ? value : null;
}

/** One measurement (a clip's first seconds arriving): blended with the ones before. */
export function recordThroughput(kbps: number) {
  if (!Number.isFinite(kbps) || kbps <= 0) return;
  const before = measuredThroughput();
  const blended = before === null ? kbps : before * (1 - NEW_SAMPLE_WEIGHT) + kbps * NEW_SAMPLE_WEIGHT;
  write(session, THROUGHPUT_KEY, String(Math.round(blended)));
}

/** The conditions for a clip shown in a box of this size, now. */
export function currentConditions(box: { width: number; height: number }): PlaybackConditions {
  const network = connection();
  const slow = network?.effectiveType === "slow-2g" || network?.effectiveType === "2g";
  const estimate = network?.downlink ? network.downlink * 1000 : null;
  return {
    boxWidth: box.width,
    boxHeight: box.height,
    // A phone not known to be on Wi-Fi (most browsers do not say) is on mobile data (ADR 206).
    devicePixelRatio:
      box.width <= PHONE_BOX_WIDTH && network?.type !== "wifi"
        ? Math.min(MOBILE_DATA_DENSITY, window.devicePixelRatio || 1)
        : window.devicePixelRatio || 1,
    saveData: dataSaverChosen() || network?.saveData === true || slow,
    throughputKbps: measuredThroughput() ?? estimate,
  };
}
