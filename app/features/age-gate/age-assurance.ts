import { readCookie } from "~/lib/cookies";

// The age gate sits behind this interface so that a third-party age-assurance
// provider can replace self-declaration later without touching the pages.
export interface AgeAssurance {
  readonly method: "self-declaration";
  /** Whether this request comes from a visitor who has passed the gate. */
  isVerified(cookieHeader: string | null | undefined): boolean;
}

/** ADR 071: the flag is stored locally under `age_verified`; a cookie mirrors it for the server. */
export const AGE_VERIFIED_KEY = "age_verified";

export const selfDeclaration: AgeAssurance = {
  method: "self-declaration",
  isVerified: (cookieHeader) => readCookie(cookieHeader, AGE_VERIFIED_KEY) === "true",
};

/** Where 'Leave this site' sends the visitor: a general search engine. */
export const LEAVE_URL = "https://www.google.com/";

/** docs/product.md §2.4: the gate's loader shows for 2000 ms before the question. */
export const AGE_GATE_DELAY_MS = 2000;
