import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";

describe("TRUST_PROXY (ADR 092)", () => {
  it("is off by default and for off/false/0/empty", () => {
    for (const value of [undefined, "", "off", "false", "0"]) expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(false);
  });

  it("takes a hop count", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: " 2 " }).TRUST_PROXY).toBe(2);
  });

  it("takes a list of proxy addresses and networks", () => {
    expect(parseEnv({ TRUST_PROXY: "10.0.0.5, 192.168.0.0/16,::1, fd00::/8,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.5",
      "192.168.0.0/16",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses on/true with a message that explains why and what to set instead", () => {
    for (const value of ["on", "true", "yes"]) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY[\s\S]*X-Forwarded-For[\s\S]*hop count[\s\S]*addresses/);
    }
  });

  it("refuses catch-all ranges, which trust every client's X-Forwarded-For", () => {
    for (const value of ["0.0.0.0/0", "::/0", "0.0.0.0/0,::/0", "10.0.0.1, 0.0.0.0/1", "::/1", "128.0.0.0/1"]) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY[\s\S]*(catch-all|every)/);
    }
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, fc00::/7" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "fc00::/7"]);
  });

  it("refuses addresses that are not addresses", () => {
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.300" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "proxy.example" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
  });
});
