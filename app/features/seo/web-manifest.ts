import type { BrandMode } from "~/lib/brand-mode";

/** The colours of each brand's installed app: its splash screen and title bar (root.tsx's theme-color). */
export const BRAND_COLOURS: Record<BrandMode, { background: string; theme: string }> = {
  adult: { background: "#0b0a10", theme: "#0b0a10" },
  conscious: { background: "#0d1614", theme: "#0d1614" },
};

/** Where each brand's icons are (drawn by scripts/icons.ts into public/icons). */
export const brandIcon = (brandMode: BrandMode, name: "192" | "512" | "maskable-512" | "apple-touch-180") =>
  `/icons/${brandMode}-${name}.png`;

/**
 * The web app manifest of one brand in one language (docs/decisions/141-installable-per-brand.md): what a phone's
 * "Add to Home Screen" and Chromium's install use. Conscious Mode's names only its own brand, words and icons.
 */
export function webManifest(input: { brandMode: BrandMode; language: string; name: string; shortName: string; description: string }) {
  const { background, theme } = BRAND_COLOURS[input.brandMode];
  return {
    id: "/",
    name: input.name,
    short_name: input.shortName,
    description: input.description,
    lang: input.language,
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: background,
    theme_color: theme,
    icons: [
      { src: brandIcon(input.brandMode, "192"), sizes: "192x192", type: "image/png", purpose: "any" },
      { src: brandIcon(input.brandMode, "512"), sizes: "512x512", type: "image/png", purpose: "any" },
      { src: brandIcon(input.brandMode, "maskable-512"), sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
