import { readCookie } from "./cookies";

/** A one-time message carried across a redirect (e.g. 'You have been signed out.'). */
export const FLASH_COOKIE = "flash";
const FLASH_KEYS = ["signedOut", "signOutFailed", "accountDeleted", "contentSubmitted"] as const;
export type FlashKey = (typeof FLASH_KEYS)[number];

export function flashCookie(key: FlashKey, secure: boolean): string {
  return `${FLASH_COOKIE}=${key}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function readFlash(request: Request): { key: FlashKey; clear: string } | null {
  const value = readCookie(request.headers.get("cookie"), FLASH_COOKIE);
  if (!FLASH_KEYS.includes(value as FlashKey)) return null;
  return { key: value as FlashKey, clear: `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` };
}
