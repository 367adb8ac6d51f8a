import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { BrandModeProvider } from "./lib/brand-context";
import { DEFAULT_LANGUAGE, isLanguage } from "./lib/i18n/languages";
import { I18nProvider } from "./lib/i18n/react";
import { loadNamespaces, provideNamespaces, RESOURCES_ELEMENT_ID } from "./lib/i18n/resources";

const htmlLang = document.documentElement.lang;
const language = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;

// The server sends the namespaces this page uses inside the HTML (docs/decisions/041-translations-in-the-page.md);
// only a namespace missing from it is fetched before hydrating.
const inline = document.getElementById(RESOURCES_ELEMENT_ID)?.textContent;
const resources = inline ? (JSON.parse(inline) as Record<string, Record<string, unknown>>) : {};
provideNamespaces(language, resources);

loadNamespaces(language, ["common", ...Object.keys(resources)]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <BrandModeProvider value={document.documentElement.dataset.brand === "conscious" ? "conscious" : "adult"}>
          <I18nProvider language={language}>
            <HydratedRouter />
          </I18nProvider>
        </BrandModeProvider>
      </StrictMode>,
    );
  });
});
