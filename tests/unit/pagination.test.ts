import { describe, expect, it } from "vitest";
import { pageParam, pageWindow, pageWindowFor, totalPagesFor } from "~/lib/pagination";

describe("pagination window (docs/product.md §6.5)", () => {
  it("lists every page when there are 7 or fewer", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("shows 1, an ellipsis, current ±2, an ellipsis and the last page", () => {
    expect(pageWindow(10, 20)).toEqual([1, "ellipsis-start", 8, 9, 10, 11, 12, "ellipsis-end", 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, "ellipsis-end", 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, "ellipsis-end", 20]);
    expect(pageWindow(20, 20)).toEqual([1, "ellipsis-start", 18, 19, 20]);
    expect(pageWindow(17, 20)).toEqual([1, "ellipsis-start", 15, 16, 17, 18, 19, 20]);
  });

  it("reads ?page= defensively", () => {
    expect(pageParam(new URL("http://x/?page=3"))).toBe(3);
    for (const bad of ["0", "-1", "2.5", "abc", "9999999"]) expect(pageParam(new URL(`http://x/?page=${bad}`))).toBe(1);
    expect(totalPagesFor(0, 10)).toBe(1);
    expect(totalPagesFor(21, 10)).toBe(3);
  });
});

describe("pageWindowFor (ADR 037: a page is read from the nearer end)", () => {
  it("reads the first half forwards and the second half backwards, always the same rows as a plain offset", () => {
    for (const total of [1, 9, 10, 11, 95, 100]) {
      const items = Array.from({ length: total }, (_, i) => i);
      for (let page = 1; page <= Math.ceil(total / 10); page++) {
        const window = pageWindowFor(page, 10, total)!;
        const read = window.backwards
          ? [...items]
              .reverse()
              .slice(window.offset, window.offset + window.limit)
              .reverse()
          : items.slice(window.offset, window.offset + window.limit);
        expect(read).toEqual(items.slice((page - 1) * 10, page * 10));
        expect(window.offset).toBeLessThanOrEqual(Math.ceil(total / 2));
      }
    }
  });

  it("reads the last page of a million from the end, and nothing past the end", () => {
    expect(pageWindowFor(100_000, 10, 1_000_000)).toEqual({ offset: 0, limit: 10, backwards: true });
    expect(pageWindowFor(1, 10, 1_000_000)).toEqual({ offset: 0, limit: 10, backwards: false });
    expect(pageWindowFor(3, 10, 20)).toBeNull();
  });
});
