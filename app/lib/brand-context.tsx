import { createContext, useContext, type ReactNode } from "react";
import { siteNameFor, type BrandMode } from "./brand-mode";
import { useT } from "./i18n/react";

// The brand mode of this page, known before any loader runs: the server sets it
// from the request, the browser reads it back from <html data-brand>. Pages
// whose loaders never ran (a refused adult route in Conscious Mode) still render as
// the right brand.
const BrandModeContext = createContext<BrandMode>("adult");

export function BrandModeProvider({ value, children }: { value: BrandMode; children: ReactNode }) {
  return <BrandModeContext.Provider value={value}>{children}</BrandModeContext.Provider>;
}

export const useBrandMode = () => useContext(BrandModeContext);

/** The site's name in the visitor's brand and language, for components (loaders use `siteNameFor`). */
export function useSiteName(): string {
  const { t } = useT();
  return siteNameFor(t, useBrandMode());
}
