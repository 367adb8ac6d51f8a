import { data } from "react-router";
import { ClipDetail, ClipNotFound } from "~/features/clips/index.page";
import { loadClipPage, parseClipRef } from "~/features/clips/index.server";
import { getUser } from "~/features/accounts/index.server";
import { resolveFlameOwner } from "~/features/flames/index.server";
import { getServices, getVisitor, mediaAllowedFor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/clip";

export const handle: I18nHandle = { i18n: ["clip", "feed", "follows"] };

export async function loader(args: Route.LoaderArgs) {
  const visitor = getVisitor(args);
  const { db, origin } = getServices(args);
  const t = await serverT(visitor.language, "clip");
  const siteName = t("brand.name");
  // On this page only signed-in users give flames; visitors are invited to sign in.
  const userId = (await getUser(args))?.id ?? null;
  const { flameOwner } = resolveFlameOwner(args.request, { userId });

  const ref = parseClipRef(args.params.videoId);
  const page = ref
    ? await loadClipPage(db, {
        ref,
        origin,
        language: visitor.language,
        audience: visitor.audience,
        mediaAllowed: mediaAllowedFor(visitor),
        flameOwner,
        canFlame: Boolean(userId),
      })
    : null;

  if (!page) {
    const meta = {
      origin,
      siteName,
      path: `/video/${encodeURIComponent(args.params.videoId)}`,
      title: t("meta.notFoundTitle", { site: siteName }),
      description: t("meta.notFoundDescription"),
      noindex: true,
    };
    return data({ found: false as const, meta }, { status: 404 });
  }

  const { seo } = page;
  const meta = {
    origin,
    siteName,
    path: seo.path,
    title: seo.title,
    description: seo.description,
    image: seo.thumbnailUrl ?? undefined,
    type: "video.other" as const,
    extra: [
      { property: "og:video", content: seo.videoUrl },
      ...(seo.videoUrl.startsWith("https:") ? [{ property: "og:video:secure_url", content: seo.videoUrl }] : []),
      { property: "og:video:type", content: "video/mp4" },
      { property: "og:video:width", content: "360" },
      { property: "og:video:height", content: "640" },
      { property: "video:duration", content: String(seo.durationSeconds) },
    ],
  };
  return data({ found: true as const, page, meta });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Video({ loaderData }: Route.ComponentProps) {
  // Keyed by clip so a related-video navigation starts with fresh player and flame state.
  return loaderData.found ? <ClipDetail key={loaderData.page.clip.id} data={loaderData.page} /> : <ClipNotFound />;
}
