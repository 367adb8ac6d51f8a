import { describe, expect, it } from "vitest";
import { parseEnv, publicOrigin } from "~/lib/env.server";

describe("environment", () => {
  it("needs no configuration", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", AGE_GATE: true, SAFE_HOSTS: [], ADMIN_EMAILS: [] });
    expect(publicOrigin(env)).toBe("http://localhost:3000");
  });

  it("parses lists and switches", () => {
    const env = parseEnv({
      SAFE_HOSTS: " Calm.example, ,zen.test ",
      ADMIN_EMAILS: "A@x.io",
      AGE_GATE: "off",
      PUBLIC_URL: "https://clips.example/",
    });
    expect(env.SAFE_HOSTS).toEqual(["calm.example", "zen.test"]);
    expect(env.ADMIN_EMAILS).toEqual(["a@x.io"]);
    expect(env.AGE_GATE).toBe(false);
    expect(publicOrigin(env)).toBe("https://clips.example");
  });

  it("names each bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET/);
    expect(() => parseEnv({ S3_BUCKET: "media" })).toThrow(/S3_ENDPOINT[\s\S]*S3_ACCESS_KEY_ID/);
    expect(() => parseEnv({ AGE_GATE: "maybe" })).toThrow(/AGE_GATE/);
  });
});
