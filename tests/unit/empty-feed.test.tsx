import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { EmptyFeed } from "~/features/feed/components/empty-feed";
import type { FeedFilters } from "~/features/feed/feed-filters";
import { I18nProvider } from "~/lib/i18n/react";
import { loadNamespaces } from "~/lib/i18n/resources";

const categories = [{ slug: "feet", nameEn: "Feet", nameEs: "Pies", color: "#14b8a6" }];
const tags = [{ slug: "slow-motion", name: "slow motion", clips: 0 }];

function render(filters: FeedFilters, language: "en" | "es" = "en") {
  const router = createMemoryRouter([{ path: "/", element: <EmptyFeed filters={filters} categories={categories} tags={tags} /> }]);
  return renderToString(
    <I18nProvider language={language}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const none: FeedFilters = { category: null, tag: null, period: "ongoing" };

describe("the empty feed (docs/product.md §5.7)", () => {
  beforeAll(async () => {
    await Promise.all([loadNamespaces("en"), loadNamespaces("es")]);
  });

  it("without filters says 'No clips available' and links its call to /submit", () => {
    const html = render(none);
    expect(html).toContain("No clips available.");
    expect(html).toMatch(/<a[^>]+href="\/submit"[^>]*>Submit content to help build our community!<\/a>/);
    expect(html).not.toContain("Clear filters");
    expect(render(none, "es")).toMatch(/href="\/submit"[^>]*>¡Envía contenido para ayudar a construir nuestra comunidad!</);
  });

  it("for a category alone says 'No clips found for this category.', names it and offers 'Clear filters'", () => {
    const html = render({ ...none, category: "feet" });
    expect(html).toContain("No clips found for this category.");
    expect(html).toContain("Filtered by: category Feet");
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Clear filters<\/a>/);
    expect(html).not.toContain('href="/submit"');
  });

  it("for other filters names every one of them", () => {
    const html = render({ category: "feet", tag: "slow-motion", period: "week" });
    expect(html).toContain("No clips match these filters.");
    expect(html).toContain("Filtered by: category Feet · tag #slow motion · This week");
    expect(render({ ...none, tag: "slow-motion" }, "es")).toContain("Filtrado por: etiqueta #slow motion");
  });
});
