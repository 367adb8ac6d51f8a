import { createHmac } from "node:crypto";

// RFC 6238 (TOTP over RFC 4226 HOTP, HMAC-SHA-1, 6 digits, 30 s), written out so the tests compute an
// authenticator app's codes without trusting the code that checks them.

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The key bytes of a base32 secret (as in an otpauth URI; spaces and padding ignored). */
export function base32Bytes(secret: string): Buffer {
  const clean = secret.replace(/[\s=]/g, "").toUpperCase();
  let bits = "";
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The six-digit code an authenticator app shows for `secret` at `at` (ms). */
export function totpCode(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac("sha1", base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, "0");
}

/** The base32 secret of an otpauth URI. */
export const secretOf = (uri: string) => new URL(uri).searchParams.get("secret") ?? "";
