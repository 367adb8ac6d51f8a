import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { BrandModeProvider } from "./lib/brand-context";
import { DEFAULT_LANGUAGE, isLanguage } from "./lib/i18n/languages";
import { I18nProvider } from "./lib/i18n/react";
import { loadNamespaces } from "./lib/i18n/resources";

const htmlLang = document.documentElement.lang;
const language = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;

// The server lists the namespaces this page uses; fetch them before hydrating.
const namespaces = (document.querySelector<HTMLMetaElement>('meta[name="i18n-namespaces"]')?.content ?? "common").split(",");

loadNamespaces(language, namespaces).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <BrandModeProvider value={document.documentElement.dataset.brand === "safe" ? "safe" : "adult"}>
          <I18nProvider language={language}>
            <HydratedRouter />
          </I18nProvider>
        </BrandModeProvider>
      </StrictMode>,
    );
  });
});
