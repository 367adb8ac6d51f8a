import { describe, expect, it } from "vitest";
import { deprecatedIn, parseEnv, publicOrigin } from "~/lib/env.server";

describe("environment", () => {
  it("needs no configuration", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", AGE_GATE: true, CONSCIOUS_HOSTS: [], ADMIN_EMAILS: [] });
    expect(publicOrigin(env)).toBe("http://localhost:3000");
  });

  it("parses lists and switches", () => {
    const env = parseEnv({
      CONSCIOUS_HOSTS: " Calm.example, ,zen.test ",
      ADMIN_EMAILS: "A@x.io",
      AGE_GATE: "off",
      PUBLIC_URL: "https://clips.example/",
    });
    expect(env.CONSCIOUS_HOSTS).toEqual(["calm.example", "zen.test"]);
    expect(env.ADMIN_EMAILS).toEqual(["a@x.io"]);
    expect(env.AGE_GATE).toBe(false);
    expect(publicOrigin(env)).toBe("https://clips.example");
  });

  it("still reads the old SAFE_* names for a release, says so, and lets the new names win", () => {
    const old = { SAFE_HOSTS: "calm.example", SAFE_SITE_URL: "https://calm.example" };
    expect(parseEnv(old)).toMatchObject({ CONSCIOUS_HOSTS: ["calm.example"], CONSCIOUS_SITE_URL: "https://calm.example" });
    expect(deprecatedIn(old)).toEqual([
      "SAFE_HOSTS is deprecated: use CONSCIOUS_HOSTS",
      "SAFE_SITE_URL is deprecated: use CONSCIOUS_SITE_URL",
    ]);
    expect(parseEnv({ ...old, CONSCIOUS_HOSTS: "zen.test" }).CONSCIOUS_HOSTS).toEqual(["zen.test"]);
    expect(deprecatedIn({ CONSCIOUS_HOSTS: "zen.test" })).toEqual([]);
    expect(() => parseEnv({ SAFE_SITE_URL: "javascript:alert(1)" })).toThrow(/CONSCIOUS_SITE_URL/);
  });

  it("names each bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET/);
    expect(() => parseEnv({ S3_BUCKET: "media" })).toThrow(/S3_ENDPOINT[\s\S]*S3_ACCESS_KEY_ID/);
    expect(() => parseEnv({ AGE_GATE: "maybe" })).toThrow(/AGE_GATE/);
  });
});
