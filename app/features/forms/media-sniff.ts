import type { UploadKind } from "~schema/forms";
import { UPLOAD_TYPES } from "./upload-rules";

/** Enough of a file's start to tell every accepted type apart. */
export const SNIFF_BYTES = 64;

export interface SniffedType {
  kind: UploadKind;
  /** MIME type, one of UPLOAD_TYPES. */
  type: string;
  ext: string;
}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

// ISO base media files whose `ftyp` brand names a still image, not a video.
const IMAGE_BRANDS = new Set(["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1", "avif", "avis", "crx "]);
// Old QuickTime files start with one of these atoms instead of `ftyp`.
const QUICKTIME_ATOMS = new Set(["moov", "mdat", "wide", "free", "skip", "pnot"]);

/**
 * Names the media type of a file from its first bytes (its "magic numbers"),
 * whatever its name or declared type say. Null for anything not accepted.
 */
export function sniffMediaType(head: Uint8Array): SniffedType | null {
  const type = sniff(head);
  return type ? { type, ...UPLOAD_TYPES[type]! } : null;
}

function sniff(head: Uint8Array): string | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "image/webp";
  // EBML header; WebM is the Matroska profile whose DocType is "webm".
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]))
    return ascii(head, 4, Math.min(head.length, SNIFF_BYTES)).includes("webm") ? "video/webm" : null;
  if (head.length >= 12) {
    const box = ascii(head, 4, 8);
    if (box === "ftyp") {
      const brand = ascii(head, 8, 12);
      if (IMAGE_BRANDS.has(brand)) return null;
      return brand === "qt  " ? "video/quicktime" : "video/mp4";
    }
    if (QUICKTIME_ATOMS.has(box)) return "video/quicktime";
  }
  return null;
}
