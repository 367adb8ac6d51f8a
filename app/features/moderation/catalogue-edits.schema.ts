import { z } from "zod";
import { AUDIENCES, type Audience } from "~schema/values";
import { audienceField, CATEGORY_ORDER_MAX } from "./catalogue-edit-fields";

/** Text a moderator types: trimmed, control characters refused by the length rules of each field. */
const text = (max: number, key: string) => z.string().trim().max(max, key);
const optionalUrl = z
  .string()
  .trim()
  .max(500, "edit.errors.url")
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), "edit.errors.url");

/** The desk's clip edit (docs/decisions/151-desk-edits-the-catalogue.md). Messages are keys of the admin namespace. */
export const clipEditForm = z
  .object({
    clipId: z.string().default(""),
    title: text(200, "edit.errors.title").min(1, "edit.errors.title"),
    description: text(2000, "edit.errors.description").default(""),
    descriptionEs: text(2000, "edit.errors.description").default(""),
    category: z.string().trim().min(1, "edit.errors.category").max(100, "edit.errors.category"),
    creator: z.string().trim().min(1, "edit.errors.creator").max(200, "edit.errors.creator"),
    "audience-hetero": z.string().optional(),
    "audience-gay": z.string().optional(),
    "audience-trans": z.string().optional(),
  })
  .transform((form, ctx) => {
    const audiences = AUDIENCES.filter((audience) => form[audienceField(audience) as `audience-${Audience}`] === "on");
    if (audiences.length === 0) ctx.addIssue({ code: "custom", path: ["audiences"], message: "edit.errors.audiences" });
    const { clipId, title, description, descriptionEs, category, creator } = form;
    return { clipId, title, description, descriptionEs, category, creator, audiences };
  });
export type ClipEdit = z.output<typeof clipEditForm>;

/** The desk's creator edit. */
export const creatorEditForm = z.object({
  creatorId: z.string().default(""),
  name: text(100, "edit.errors.name").min(1, "edit.errors.name"),
  /** The creator's address; empty keeps it. Lower-case letters, digits and single hyphens, as slugify writes them. */
  slug: z
    .string()
    .trim()
    .max(100, "edit.errors.slug")
    .refine((value) => value === "" || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value), "edit.errors.slug")
    .default(""),
  bio: text(1000, "edit.errors.bio").default(""),
  bioEs: text(1000, "edit.errors.bio").default(""),
  twitterUrl: optionalUrl.default(""),
  websiteUrl: optionalUrl.default(""),
});
export type CreatorEdit = z.output<typeof creatorEditForm>;

/** A category's name in one language: 1–60 characters, a missing field refused with the same message. */
const categoryName = z
  .string("edit.errors.categoryName")
  .trim()
  .min(1, "edit.errors.categoryName")
  .max(60, "edit.errors.categoryName")
  // A name is one line on a chip: no line breaks or other control characters.
  .refine((value) => !/\p{Cc}/u.test(value), "edit.errors.categoryName");

/**
 * The desk's category edit (docs/decisions/190-desk-edits-categories.md): names in both languages, colour, order and
 * whether the bar shows it. The slug is not edited: it is in every clip's address and in saved filters.
 */
export const categoryEditForm = z.object({
  categoryId: z.string().default(""),
  nameEn: categoryName,
  nameEs: categoryName,
  /** `#rrggbb`, what a colour input posts; kept lower-case. */
  color: z
    .string("edit.errors.color")
    .trim()
    .regex(/^#[0-9a-f]{6}$/i, "edit.errors.color")
    .transform((value) => value.toLowerCase()),
  orderPriority: z
    .string("edit.errors.order")
    .trim()
    .regex(/^\d{1,4}$/, "edit.errors.order")
    .transform(Number)
    .pipe(z.number().int().min(0, "edit.errors.order").max(CATEGORY_ORDER_MAX, "edit.errors.order")),
  active: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});
export type CategoryEdit = z.output<typeof categoryEditForm>;
