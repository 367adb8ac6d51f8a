import { z } from "zod";
import { AUDIENCES } from "~/lib/audience";
import { slugify } from "~/lib/slug";

// What publishClip accepts. The admin form validates its own fields with
// translated messages; this schema is the last word on the server and the CLI,
// so its messages are plain English for logs and terminals.

export const MAX_TAGS = 10;
export const MAX_TITLE_LENGTH = 200;

/** Trimmed, deduplicated by slug (first spelling wins), names that slugify to nothing dropped. */
export function normaliseTags(names: readonly string[]): { slug: string; name: string }[] {
  const bySlug = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim().replace(/\s+/g, " ");
    const slug = slugify(name);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, name);
  }
  return [...bySlug].map(([slug, name]) => ({ slug, name }));
}

const seconds = z.number().min(0, "must be 0 or more");

export const publishInputSchema = z.object({
  /** A local file; uploads in storage are copied out first (see withStoredFile). */
  videoPath: z.string().min(1, "is required"),
  title: z.string().trim().min(1, "is required").max(MAX_TITLE_LENGTH, `must be at most ${MAX_TITLE_LENGTH} characters`),
  creatorName: z
    .string()
    .trim()
    .min(1, "is required")
    .max(100, "must be at most 100 characters")
    .refine((name) => slugify(name) !== "", "must contain letters or digits"),
  categorySlug: z.string().trim().toLowerCase().min(1, "is required"),
  tags: z
    .array(z.string().max(60, "a tag must be at most 60 characters"))
    .default([])
    .transform(normaliseTags)
    .refine((tags) => tags.length <= MAX_TAGS, `at most ${MAX_TAGS} different tags`),
  /** The channel's page for this clip ('Full Content'); empty means none. Its site becomes the clip's channel site. */
  channelUrl: z
    .string()
    .trim()
    .transform((v) => v || null)
    .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).nullable())
    .nullish(),
  startSeconds: seconds.nullish(),
  endSeconds: seconds.nullish(),
  audiences: z.array(z.enum(AUDIENCES)).min(1, "needs at least one audience").nullish(),
  description: z.string().trim().max(2000, "must be at most 2000 characters").nullish(),
});

export type PublishClipInput = z.input<typeof publishInputSchema>;
export type ParsedPublishInput = z.output<typeof publishInputSchema>;

/** "title: is required; tags: at most 10 different tags" */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`).join("; ");
}
