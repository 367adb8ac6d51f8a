import { describe, expect, it } from "vitest";
import { contentTypeFor, isQuarantineKey, isValidMediaKey, MAX_KEY_LENGTH } from "~/lib/storage/storage.server";

describe("isValidMediaKey", () => {
  it.each(["clips/clip-01.mp4", "a/b/c_thumb.jpg", "x", "a.b/c..d", "quarantine/up.mp4"])("accepts %j", (key) => {
    expect(isValidMediaKey(key)).toBe(true);
  });

  it.each([
    "",
    ".",
    "..",
    "../x",
    "a/../b",
    "a/..",
    "a/./b",
    "./a",
    "/etc/passwd",
    "a//b",
    "a/",
    "a\\b",
    "..\\x",
    "a%2e%2e",
    "%2e%2e/x",
    "a%2fb",
    "a\0b",
    "a b",
    "a/b?c",
    "caf\u00e9.jpg",
  ])("refuses %j", (key) => {
    expect(isValidMediaKey(key)).toBe(false);
  });

  it("caps length", () => {
    expect(isValidMediaKey("a".repeat(MAX_KEY_LENGTH))).toBe(true);
    expect(isValidMediaKey("a".repeat(MAX_KEY_LENGTH + 1))).toBe(false);
  });
});

describe("isQuarantineKey", () => {
  it("matches the first segment, whatever its case", () => {
    expect(isQuarantineKey("quarantine/up.mp4")).toBe(true);
    expect(isQuarantineKey("Quarantine/up.mp4")).toBe(true);
    expect(isQuarantineKey("clips/quarantine/up.mp4")).toBe(false);
    expect(isQuarantineKey("quarantined/up.mp4")).toBe(false);
  });
});

describe("contentTypeFor", () => {
  it.each([
    ["a/b.mp4", "video/mp4"],
    ["a.webm", "video/webm"],
    ["a.MOV", "video/quicktime"],
    ["a.jpg", "image/jpeg"],
    ["a.jpeg", "image/jpeg"],
    ["a.png", "image/png"],
    ["a.webp", "image/webp"],
    ["meta.json", "application/json"],
    ["a.bin", "application/octet-stream"],
    ["noext", "application/octet-stream"],
    [".mp4", "application/octet-stream"],
    ["dir.mp4/file", "application/octet-stream"],
  ])("%s -> %s", (key, type) => {
    expect(contentTypeFor(key)).toBe(type);
  });
});
