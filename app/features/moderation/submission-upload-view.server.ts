import { eq } from "drizzle-orm";
import { clips } from "~schema";
import { activeCategories } from "~/features/clips/index.server";
import type { FormRow } from "~/features/forms/index.server";
import type { Database } from "~/lib/database";

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
export async function submissionUploadView(db: Database, item: FormRow<"submit">): Promise<SubmissionUploadView | null> {
  const id = item.id;
  const kind = item.uploadKind;
  const publishedId = item.publishedClipId;
  if (!kind && !publishedId) return null;
  const inQuarantine = item.uploadKey !== null;
  const [published] = publishedId
    ? await db.select({ slug: clips.slug, title: clips.title }).from(clips).where(eq(clips.id, publishedId)).limit(1)
    : [];
  const publishable = kind === "video" && inQuarantine && !publishedId && item.status !== "rejected";
  return {
    submissionId: id,
    file: kind
      ? {
          name: item.uploadName ?? "",
          kind,
          type: item.uploadType ?? "",
          bytes: item.uploadBytes ?? 0,
          previewUrl: inQuarantine ? `/admin/submissions/${id}/upload` : null,
        }
      : null,
    publishedClip: published ?? null,
    categories: publishable ? (await activeCategories(db)).map(({ slug, nameEn, nameEs }) => ({ slug, nameEn, nameEs })) : null,
    suggestedTitle: `${item.creatorName} · ${item.category}`,
  };
}
