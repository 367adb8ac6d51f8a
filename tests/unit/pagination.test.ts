import { describe, expect, it } from "vitest";
import { pageParam, pageWindow, totalPagesFor } from "~/lib/pagination";

describe("pagination window (SPEC)", () => {
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
