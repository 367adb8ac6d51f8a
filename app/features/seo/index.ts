// SEO's public entry: the web app manifest per brand and robots.txt.
export { BRAND_COLOURS, brandIcon, webManifest } from "./web-manifest";
export { robotsTxt } from "./robots";
