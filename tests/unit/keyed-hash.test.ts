import { describe, expect, it } from "vitest";
import { keyedHash, verifyKeyedHash } from "~/lib/keys.server";

// A verified signature is kept (app/lib/keys.server.ts): what is kept must never answer for another secret, purpose,
// value or signature.
describe("verifyKeyedHash", () => {
  const secret = "s".repeat(32);
  const id = "0b6f1c9e-3f4a-4c2d-9e8b-1a2b3c4d5e6f";
  const good = keyedHash(secret, "anon", id);

  it("says yes to the secret's own signature, again and again", () => {
    expect(verifyKeyedHash(secret, "anon", id, good)).toBe(true);
    expect(verifyKeyedHash(secret, "anon", id, good)).toBe(true);
  });

  it("says no, after a yes, to anything that differs from the pair that verified", () => {
    expect(verifyKeyedHash(secret, "anon", id, good)).toBe(true);
    const flipped = `${good.slice(0, -1)}${good.endsWith("A") ? "B" : "A"}`;
    expect(verifyKeyedHash(secret, "anon", id, flipped)).toBe(false);
    expect(verifyKeyedHash(secret, "anon", id, good.slice(1))).toBe(false);
    expect(verifyKeyedHash(secret, "other", id, good)).toBe(false);
    expect(verifyKeyedHash(secret, "anon", id.replace("0b6f", "0b6e"), good)).toBe(false);
    expect(verifyKeyedHash("t".repeat(32), "anon", id, good)).toBe(false);
  });

  it("keeps no pair that failed", () => {
    const wrong = keyedHash("t".repeat(32), "anon", id);
    expect(verifyKeyedHash(secret, "anon", id, wrong)).toBe(false);
    expect(verifyKeyedHash(secret, "anon", id, wrong)).toBe(false);
  });
});
