import { describe, expect, it } from "vitest";
import { parseClipRef } from "~/features/clips/clip-ref";

const UUID = "0b1c2d3e-aaaa-4bbb-8ccc-dddddddddddd";

describe("video ids (ADR 015, docs/product.md §13.2)", () => {
  it("takes a full version-4 UUID as the id, in any case", () => {
    expect(parseClipRef(UUID)).toEqual({ kind: "uuid", id: UUID });
    expect(parseClipRef(UUID.toUpperCase())).toEqual({ kind: "uuid", id: UUID });
  });

  it("treats a UUID of another version as a slug, which matches no clip slug", () => {
    const v1 = "0b1c2d3e-aaaa-1bbb-8ccc-dddddddddddd";
    expect(parseClipRef(v1)).toEqual({ kind: "slug", slug: v1, shortId: null });
  });

  it("reads the 8-hex short id at the end of a slug", () => {
    expect(parseClipRef("neon-ribbon-drift-feet-0b1c2d3e")).toEqual({
      kind: "slug",
      slug: "neon-ribbon-drift-feet-0b1c2d3e",
      shortId: "0b1c2d3e",
    });
    expect(parseClipRef("anything-here-0B1C2D3E")).toEqual({ kind: "slug", slug: "anything-here-0b1c2d3e", shortId: "0b1c2d3e" });
    expect(parseClipRef("0b1c2d3e")).toEqual({ kind: "slug", slug: "0b1c2d3e", shortId: "0b1c2d3e" });
  });

  it("needs exactly 8 hex characters for a prefix", () => {
    expect(parseClipRef("some-title-0b1c2d")).toEqual({ kind: "slug", slug: "some-title-0b1c2d", shortId: null });
    expect(parseClipRef("some-title-0b1c2d3e4")).toMatchObject({ shortId: null });
    expect(parseClipRef("some-title-0b1c2d3g")).toMatchObject({ shortId: null });
    expect(parseClipRef("some-title0b1c2d3e")).toMatchObject({ shortId: null });
  });

  it("keeps plain slugs as slugs, and is lenient about hyphens in hand-edited ones", () => {
    expect(parseClipRef("just-a-friendly-slug")).toEqual({ kind: "slug", slug: "just-a-friendly-slug", shortId: null });
    expect(parseClipRef("edited--by-hand-0b1c2d3e")).toMatchObject({ shortId: "0b1c2d3e" });
  });

  it("rejects what cannot name a clip", () => {
    for (const bad of [undefined, "", "   ", "has space", "ñandú", "title.mp4", "%20", "a/b", "x".repeat(201)]) {
      expect(parseClipRef(bad), String(bad)).toBeNull();
    }
  });
});
