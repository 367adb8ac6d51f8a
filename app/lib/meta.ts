import type { MetaDescriptor } from "react-router";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Site origin, e.g. https://example.com (root loader data). */
  origin: string;
  /** Canonical path of this page, e.g. /tag/blonde. */
  path: string;
  siteName: string;
  image?: string;
  type?: "website" | "video.other" | "profile" | "article";
  noindex?: boolean;
  extra?: MetaDescriptor[];
}

/** Title, description, canonical and OpenGraph/Twitter tags for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = `${input.origin}${input.path}`;
  const image = input.image ? absolute(input.origin, input.image) : undefined;
  return [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: input.siteName },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(input.extra ?? []),
  ];
}

export function absolute(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** The metadata of a page's 'not found' answer: its own title and message, never indexed. */
export function notFoundMeta(t: (key: string) => string, input: { origin: string; path: string; siteName: string }): PageMetaInput {
  return { title: `${t("notFound.title")} · ${input.siteName}`, description: t("notFound.message"), ...input, noindex: true };
}
