import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { ErrorPage, NotFoundPage } from "~/components/error-pages";
import { I18nProvider } from "~/lib/i18n/react";
import { loadNamespaces } from "~/lib/i18n/resources";

function render(element: React.ReactNode, language: "en" | "es" = "en", at = "/") {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [at] });
  return renderToString(
    <I18nProvider language={language}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe("error pages", () => {
  beforeAll(async () => {
    await Promise.all([loadNamespaces("en"), loadNamespaces("es")]);
  });

  it("offers Try Again, Home Page and a contact link", () => {
    const html = render(<ErrorPage />);
    expect(html).toContain("Oops! Something went wrong");
    expect(html).toContain(">Try Again</button>");
    expect(html).toContain('href="/"');
    expect(html).toContain('href="/contato"');
    expect(html).not.toMatch(/at \w+ \(/); // never a stack trace
  });

  it("renders the 404 page in Spanish", () => {
    const html = render(<NotFoundPage />, "es");
    expect(html).toContain("¡Vaya! Página no encontrada");
    expect(html).toContain("Volver al inicio");
  });

  it("offers the same address on the main site only in Conscious Mode switched on one local host", () => {
    const at = "/video/neon-drift?lang=es";
    const switched = render(<NotFoundPage switchBack />, "es", at);
    expect(switched).toContain('href="/video/neon-drift?lang=es&amp;mode=adult"');
    expect(switched).toContain("Abrirla en el sitio principal");
    // The companion site's own host, and the main site itself: nothing to switch (the shell's switchBack is false).
    expect(render(<NotFoundPage switchBack={false} />, "en", at)).not.toContain("mode=adult");
    expect(render(<NotFoundPage />, "en", at)).not.toContain("mode=adult");
  });
});
