import { z } from "zod";

/** The avatar's file field on the owner's form. */
export const AVATAR_FIELD = "avatar";

const text = (max: number) => z.string().trim().max(max, "page.errors.bio").default("");
const link = z
  .string()
  .trim()
  .max(500, "page.errors.url")
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), "page.errors.url")
  .default("");

/**
 * What a page's owner proposes (docs/decisions/172-owners-edit-their-page-through-the-desk.md): both bios and both
 * links, each empty for none. Messages are keys of the creator-accounts namespace.
 */
export const pageEditForm = z.object({
  creator: z.string().default(""),
  bio: text(1000),
  bioEs: text(1000),
  twitterUrl: link,
  websiteUrl: link,
});
export type PageEdit = z.output<typeof pageEditForm>;
