import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The route table, in SPEC section 2 order. Routes inside `adult-only` answer
// 404 in safe mode before any of their loaders run.
export default [
  index("routes/home.tsx"),
  layout("routes/adult-only.tsx", [
    route("api/feed", "routes/api.feed.ts"),
    route("api/flames", "routes/api.flames.ts"),
    route("submit", "routes/submit.tsx"),
    route("report", "routes/report.tsx"),
    route("claim-this-content", "routes/claim.tsx", { id: "claim" }),
    route("esse-conteudo-e-meu", "routes/claim.tsx", { id: "claim-pt" }),
    route("promote-content", "routes/promote.tsx", { id: "promote" }),
    route("promote-only-fans", "routes/promote.tsx", { id: "promote-only-fans" }),
    route("contato", "routes/contact.tsx"),
    route("liked-videos", "routes/liked-videos.tsx"),
    route("search", "routes/search.tsx"),
    route("creator/:slug", "routes/creator.tsx"),
    route("tag/:slug", "routes/tag.tsx"),
    route("video/:videoId", "routes/video.tsx"),
  ]),
  route("sobre-nos", "routes/about.tsx", { id: "about" }),
  route("sobre", "routes/about.tsx", { id: "about-short" }),
  route("termos-de-uso", "routes/terms.tsx"),
  route("politica-de-privacidade", "routes/privacy.tsx"),
  route("my-account", "routes/my-account.tsx"),
  route("ativar", "routes/ativar.tsx"),
  route("premium-success", "routes/premium-success.tsx"),
  route("api/usage", "routes/api.usage.ts"),
  route("insights", "routes/insights.tsx"),
  // Moderation (DESIGN 2): outside adult-only so its guard answers 404 itself, in safe mode too.
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("audit", "routes/admin.audit.tsx"),
    route("clips", "routes/admin.clips.tsx"),
    route("clips/:id/:file", "routes/admin.clip-file.ts"),
    route(":queue", "routes/admin.queue.tsx"),
    route(":queue/:id", "routes/admin.item.tsx"),
    route("submissions/:id/upload", "routes/admin.upload.ts"),
  ]),
  route("auth/sign-in", "routes/auth.sign-in.tsx"),
  route("auth/callback", "routes/auth.callback.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.ts"),
  route("preferences", "routes/preferences.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
