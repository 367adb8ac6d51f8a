// SEO's server entry: the sitemap, in parts by id range (ADR 046).
export { homeOnlySitemap, renderSitemap } from "./sitemap.server";
