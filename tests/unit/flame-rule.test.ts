import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/i18n/languages";
import { loadNamespaces } from "~/lib/i18n/resources";

// docs/product.md §7.4: the feed, its shortcuts help and the video page say the flame rule in the same words.
describe("the flame rule", () => {
  it("reads the same in the feed's namespace and in the shortcuts help, in every language", async () => {
    for (const language of LANGUAGES) {
      const namespaces = await loadNamespaces(language, ["feed", "shortcuts"]);
      const rule = (namespaces.feed as { flames: { rule: string } }).flames.rule;
      expect(rule, language).toBeTruthy();
      expect((namespaces.shortcuts as { flameRule: string }).flameRule, language).toBe(rule);
    }
  });
});
