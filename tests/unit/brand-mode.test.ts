import { describe, expect, it } from "vitest";
import { decideBrandMode, hostName, isLocalHost, siteNameFor } from "~/lib/brand-mode";
import { loadNamespaces } from "~/lib/i18n/resources";
import { createTranslator } from "~/lib/i18n/translator";

const decide = (host: string, extra: Partial<Parameters<typeof decideBrandMode>[0]> = {}) =>
  decideBrandMode({ host, consciousHosts: ["calm.example"], modeParam: null, modeCookie: undefined, ...extra });

describe("brand mode (ADR 004)", () => {
  it("is Conscious Mode on any host containing a CONSCIOUS_HOSTS entry", () => {
    expect(decide("calm.example")).toEqual({ mode: "conscious" });
    expect(decide("www.calm.example:8443")).toEqual({ mode: "conscious" });
  });

  it("is adult on other public hosts, whatever the query or cookie says", () => {
    expect(decide("clips.example", { modeParam: "sfw", modeCookie: "safe" })).toEqual({ mode: "adult" });
  });

  it("lets local hosts switch with ?mode= and remembers the switch", () => {
    expect(decide("localhost:3000", { modeParam: "sfw" })).toEqual({ mode: "conscious", remember: "conscious" });
    expect(decide("127.0.0.1", { modeParam: "adult", modeCookie: "safe" })).toEqual({ mode: "adult", remember: "adult" });
    expect(decide("[::1]:3000", { modeCookie: "conscious" })).toEqual({ mode: "conscious" });
    // A cookie set before the code name changed still counts.
    expect(decide("[::1]:3000", { modeCookie: "safe" })).toEqual({ mode: "conscious" });
    expect(decide("localhost")).toEqual({ mode: "adult" });
  });

  it("ignores unknown mode values", () => {
    expect(decide("localhost", { modeParam: "nsfw", modeCookie: "conscious" })).toEqual({ mode: "conscious" });
  });

  it("reads host names without ports or brackets", () => {
    expect(hostName("LocalHost:3000")).toBe("localhost");
    expect(hostName("[::1]:80")).toBe("::1");
    expect(isLocalHost("127.0.0.1:1")).toBe(true);
    expect(isLocalHost("example.com")).toBe(false);
  });

  it("names the site after the visitor's brand, in both languages", async () => {
    const en = createTranslator("en", await loadNamespaces("en", ["common"]), ["common"]);
    const es = createTranslator("es", await loadNamespaces("es", ["common"]), ["common"]);
    expect(siteNameFor(en, "adult")).toBe("Spicy Clips");
    expect(siteNameFor(en, "conscious")).toBe("Conscious Mode");
    expect(siteNameFor(es, "conscious")).toBe("Modo Consciente");
  });
});
