import { eq } from "drizzle-orm";
import { clips } from "~schema";
import { activeCategories } from "~/features/clips/index.server";
import type { FormRow } from "~/features/forms/index.server";
import type { Database } from "~/lib/database";

export interface SubmissionUploadView {
  submissionId: string;
  /** Null when the visitor sent no file. */
  file: { name: string; kind: "video" | "image"; type: string; bytes: number; previewUrl: string | null } | null;
  /**
   * A submission that carried only a link: the link and the video a moderator attached to publish it, if any
   * (docs/decisions/191-publishing-a-link-only-submission.md).
   */
  link: { url: string; media: { name: string; previewUrl: string } | null } | null;
  publishedClip: { slug: string; title: string } | null;
  /** Browse categories to publish into, when the file is a video still in quarantine or the submission is a link to publish. */
  categories: { slug: string; nameEn: string; nameEs: string }[] | null;
  suggestedTitle: string;
}

/** What the moderator sees of a submission's file (or link) and its publication. */
export async function submissionUploadView(db: Database, item: FormRow<"submit">): Promise<SubmissionUploadView | null> {
  const id = item.id;
  const kind = item.uploadKind;
  const publishedId = item.publishedClipId;
  const open = !publishedId && item.status !== "rejected";
  if (!kind && !publishedId && !open) return null;
  const inQuarantine = item.uploadKey !== null;
  const previewUrl = `/admin/submissions/${id}/upload`;
  const [published] = publishedId
    ? await db.select({ slug: clips.slug, title: clips.title }).from(clips).where(eq(clips.id, publishedId)).limit(1)
    : [];
  const publishable = open && (kind === null || (kind === "video" && inQuarantine));
  return {
    submissionId: id,
    file: kind
      ? {
          name: item.uploadName ?? "",
          kind,
          type: item.uploadType ?? "",
          bytes: item.uploadBytes ?? 0,
          previewUrl: inQuarantine ? previewUrl : null,
        }
      : null,
    link: kind ? null : { url: item.imageOrVideoLink, media: inQuarantine ? { name: item.uploadName ?? "", previewUrl } : null },
    publishedClip: published ?? null,
    categories: publishable ? (await activeCategories(db)).map(({ slug, nameEn, nameEs }) => ({ slug, nameEn, nameEs })) : null,
    suggestedTitle: `${item.creatorName} · ${item.category}`,
  };
}
