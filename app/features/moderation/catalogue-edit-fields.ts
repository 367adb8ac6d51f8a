import type { Audience } from "~schema/values";

// What the desk's edit forms and their schemas share, without zod: the forms are browser code, the schemas are not.

/** One checkbox per audience (`audience-hetero=on` …): a form posts each as its own field. */
export const audienceField = (audience: Audience) => `audience-${audience}`;

/** Largest order number a category takes; the bar sorts by it, then by slug. */
export const CATEGORY_ORDER_MAX = 9999;
