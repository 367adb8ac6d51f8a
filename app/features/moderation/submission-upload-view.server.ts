import { eq } from "drizzle-orm";
import { clips } from "../../../db/schema";
import { activeCategories } from "~/features/clips/index.server";
import type { Database } from "~/lib/db.server";

export interface SubmissionUploadView {
  submissionId: string;
  /** Null when the visitor sent no file. */
  file: { name: string; kind: "video" | "image"; type: string; bytes: number; previewUrl: string | null } | null;
  publishedClip: { slug: string; title: string } | null;
  /** Browse categories to publish into, when the file is a video still in quarantine. */
  categories: { slug: string; nameEn: string; nameEs: string }[] | null;
  suggestedTitle: string;
}

/** What the moderator sees of a submission's file and its publication. */
export async function submissionUploadView(db: Database, item: Record<string, unknown>): Promise<SubmissionUploadView | null> {
  const id = String(item.id);
  const kind = item.uploadKind === "video" || item.uploadKind === "image" ? item.uploadKind : null;
  const publishedId = typeof item.publishedClipId === "string" ? item.publishedClipId : null;
  if (!kind && !publishedId) return null;
  const inQuarantine = typeof item.uploadKey === "string";
  const [published] = publishedId
    ? await db.select({ slug: clips.slug, title: clips.title }).from(clips).where(eq(clips.id, publishedId)).limit(1)
    : [];
  const publishable = kind === "video" && inQuarantine && !publishedId && item.status !== "rejected";
  return {
    submissionId: id,
    file: kind
      ? {
          name: String(item.uploadName ?? ""),
          kind,
          type: String(item.uploadType ?? ""),
          bytes: Number(item.uploadBytes ?? 0),
          previewUrl: inQuarantine ? `/admin/submissions/${id}/upload` : null,
        }
      : null,
    publishedClip: published ?? null,
    categories: publishable ? (await activeCategories(db)).map(({ slug, nameEn, nameEs }) => ({ slug, nameEn, nameEs })) : null,
    suggestedTitle: `${String(item.creatorName ?? "")} · ${String(item.category ?? "")}`,
  };
}
