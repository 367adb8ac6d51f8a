import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A keyed hash of `value` for one `purpose`, with the server's secret (the auth secret): rate-limit
 * keys (so a stored row cannot be matched against a guessed e-mail or address) and the signature of
 * anonymous ids. docs/decisions/093-flame-and-sign-in-limits.md, 094-account-deletion.md.
 */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}\u0000${value}`).digest("base64url");
}

/** Whether `signature` is keyedHash(secret, purpose, value), compared in constant time. */
export function verifyKeyedHash(secret: string, purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(keyedHash(secret, purpose, value));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
