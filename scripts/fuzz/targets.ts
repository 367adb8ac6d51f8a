// Every form action, API route, route parameter and query parameter the site
// has (docs/product.md §3), as the fuzzer sees them (ADR 102). `params` fill
// `:name` slots of the path; `query` and `fields` are the names the routes read.

export type Who = "anonymous" | "member" | "moderator";

export interface Target {
  name: string;
  method: "GET" | "POST";
  path: string;
  params?: string[];
  query?: string[];
  fields?: string[];
  /** Sent as multipart/form-data some of the time (the submit form takes a file). */
  multipart?: boolean;
  as?: Who[];
}

const FEED_QUERY = ["category", "tag", "period", "offset", "lang", "mode", "video", "clip"];
const PAGE_QUERY = ["page", "lang", "mode", "sort", "category"];
const FORM_QUERY = ["video", "lang", "mode"];

export const TARGETS: Target[] = [
  { name: "home", method: "GET", path: "/", query: FEED_QUERY },
  { name: "feed api", method: "GET", path: "/api/feed", query: FEED_QUERY },
  { name: "video", method: "GET", path: "/video/:videoId", params: ["videoId"], query: ["lang", "t"] },
  { name: "creator", method: "GET", path: "/creator/:slug", params: ["slug"], query: PAGE_QUERY },
  { name: "tag", method: "GET", path: "/tag/:slug", params: ["slug"], query: PAGE_QUERY },
  { name: "search", method: "GET", path: "/search", query: ["q", ...PAGE_QUERY] },
  {
    name: "liked videos",
    method: "GET",
    path: "/liked-videos",
    query: ["category", "sort", "page", "audiences"],
    as: ["anonymous", "member"],
  },
  { name: "unflame on liked", method: "POST", path: "/liked-videos", fields: ["clipId", "intent", "page"], as: ["member"] },
  { name: "flames", method: "POST", path: "/api/flames", fields: ["clipId", "flamed"], as: ["anonymous", "member"] },
  { name: "flames get", method: "GET", path: "/api/flames", query: ["clipId"] },
  {
    name: "usage save",
    method: "POST",
    path: "/api/usage",
    fields: ["startedAt", "seconds", "emotionId", "done", "ref"],
    as: ["anonymous", "member"],
  },
  { name: "usage read", method: "GET", path: "/api/usage", query: ["limit"], as: ["anonymous", "member"] },
  ...["/submit", "/report", "/claim-this-content", "/esse-conteudo-e-meu", "/promote-content", "/promote-only-fans", "/contato"].flatMap(
    (path): Target[] => [
      { name: `${path} page`, method: "GET", path, query: FORM_QUERY },
      {
        name: `${path} form`,
        method: "POST",
        path,
        query: FORM_QUERY,
        fields: [
          "_js",
          "email",
          "phone",
          "name",
          "subject",
          "message",
          "contentUrl",
          "description",
          "position",
          "basis",
          "signature",
          "goodFaith",
          "details",
          "copyrightWork",
          "address",
          "accuracy",
          "salesPlatformUrl",
          "socialNetworkUrl",
          "creatorName",
          "category",
          "tags",
          "imageOrVideoLink",
          "salesProfileLink",
          "socialLinks",
        ],
        multipart: path === "/submit",
      },
    ],
  ),
  { name: "sign-in page", method: "GET", path: "/auth/sign-in", query: ["next", "lang"] },
  { name: "sign-in", method: "POST", path: "/auth/sign-in", fields: ["email", "username", "mode", "next"] },
  { name: "callback", method: "GET", path: "/auth/callback", query: ["next", "error", "error_description", "token"] },
  { name: "sign-out", method: "POST", path: "/auth/sign-out", fields: ["next"], as: ["anonymous"] },
  { name: "preferences", method: "POST", path: "/preferences", fields: ["language", "audience", "ageVerified", "redirectTo", "intent"] },
  { name: "my account page", method: "GET", path: "/my-account", as: ["anonymous", "member"] },
  // "deleteAccount" is left to its own tests: it would end the member's session for the rest of the run.
  { name: "my account", method: "POST", path: "/my-account", fields: ["intent", "newEmail"], as: ["anonymous", "member"] },
  { name: "insights", method: "GET", path: "/insights", query: ["range", "period", "lang"], as: ["anonymous", "member"] },
  { name: "insights form", method: "POST", path: "/insights", fields: ["intent", "goal", "minutes"], as: ["anonymous", "member"] },
  { name: "activate page", method: "GET", path: "/ativar", query: ["code", "lang"] },
  { name: "activate", method: "POST", path: "/ativar", fields: ["code", "intent", "email"], as: ["anonymous", "member"] },
  { name: "premium success", method: "GET", path: "/premium-success", query: ["activated", "plan"] },
  { name: "sitemap", method: "GET", path: "/sitemap.xml", query: ["part"] },
  { name: "media", method: "GET", path: "/media/:key", params: ["key"] },
  { name: "not found", method: "GET", path: "/:any", params: ["any"], query: ["lang"] },
  {
    name: "admin pages",
    method: "GET",
    path: "/admin/:queue",
    params: ["queue"],
    query: ["q", "state", "sort", "page"],
    as: ["anonymous", "moderator"],
  },
  { name: "admin item", method: "GET", path: "/admin/:queue/:id", params: ["queue", "id"], as: ["anonymous", "moderator"] },
  {
    name: "admin decide",
    method: "POST",
    path: "/admin/:queue/:id",
    params: ["queue", "id"],
    fields: ["intent", "reason", "note", "ids", "clipId", "publishAnyway"],
    as: ["anonymous", "moderator"],
  },
  {
    name: "admin queue bulk",
    method: "POST",
    path: "/admin/:queue",
    params: ["queue"],
    fields: ["intent", "ids", "reason", "note"],
    as: ["moderator"],
  },
  { name: "admin clips", method: "POST", path: "/admin/clips", fields: ["intent", "clipId"], as: ["anonymous", "moderator"] },
  { name: "admin copies", method: "POST", path: "/admin/copies", fields: ["intent", "matchId"], as: ["moderator"] },
  { name: "admin jobs", method: "POST", path: "/admin/jobs", fields: ["intent", "jobId"], as: ["moderator"] },
  { name: "admin search", method: "GET", path: "/admin/search", query: ["q"], as: ["moderator"] },
  { name: "admin files", method: "GET", path: "/admin/clips/:id/:file", params: ["id", "file"], as: ["moderator"] },
  { name: "admin upload", method: "GET", path: "/admin/submissions/:id/upload", params: ["id"], as: ["moderator"] },
];
