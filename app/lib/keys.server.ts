import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A keyed hash of `value` for one `purpose`, with the server's secret (the auth secret): rate-limit
 * keys (so a stored row cannot be matched against a guessed e-mail or address) and the signature of
 * anonymous ids. docs/decisions/093-flame-and-sign-in-limits.md, 094-account-deletion.md.
 */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}\u0000${value}`).digest("base64url");
}

/**
 * Signatures found good, per secret: a returning visitor's signed id is checked on every request, several times (the
 * visitor, the feed, their flames), and each check was an HMAC. Only a pair that verified is kept, under the exact
 * purpose, value and signature, so a kept answer is never "yes" for a signature that was not made by the secret; a
 * wrong signature is still compared in constant time. Bounded: past MAX_VERIFIED the pair kept first goes.
 */
const MAX_VERIFIED = 20_000;
const verified = new Map<string, Set<string>>();

/** Whether `signature` is keyedHash(secret, purpose, value), compared in constant time. */
export function verifyKeyedHash(secret: string, purpose: string, value: string, signature: string): boolean {
  const pair = `${purpose}\u0000${value}\u0000${signature}`;
  let good = verified.get(secret);
  if (good?.has(pair)) return true;
  const expected = Buffer.from(keyedHash(secret, purpose, value));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  if (!good) verified.set(secret, (good = new Set()));
  if (good.size >= MAX_VERIFIED) good.delete(good.values().next().value!);
  good.add(pair);
  return true;
}
