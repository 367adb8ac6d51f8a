import { describe, expect, it } from "vitest";
import { queryOf } from "../../server/visitor";

describe("the query of a request target", () => {
  it.each(["/", "/?lang=es", "/a?x=1&mode=conscious#f", "/a?", "/a#x?lang=es", "/?lang=es&lang=en", "/?q=%C3%B1+a&x"])(
    "reads %s as the URL parser does",
    (target) => {
      expect([...queryOf(target)]).toEqual([...new URL(target, "http://x").searchParams]);
    },
  );
});
