import type { Database } from "../../app/lib/database";
import { emotionTypes } from "../schema";

/** The emotion picker's list (docs/product.md §11.4): neutral words, English and Spanish. */
export const EMOTIONS: readonly (readonly [en: string, es: string])[] = [
  ["Calm", "Calma"],
  ["Bored", "Aburrimiento"],
  ["Curious", "Curiosidad"],
  ["Lonely", "Soledad"],
  ["Stressed", "Estrés"],
  ["Happy", "Felicidad"],
  ["Tired", "Cansancio"],
  ["Anxious", "Ansiedad"],
];

/** Adds the emotions that are missing (by English name), in list order; safe to run on every boot. */
export async function seedEmotions(db: Database): Promise<number> {
  const existing = new Set((await db.select({ nameEn: emotionTypes.nameEn }).from(emotionTypes).limit(1000)).map((row) => row.nameEn));
  const missing = EMOTIONS.filter(([en]) => !existing.has(en));
  // One row at a time keeps the serial ids in list order, which is the picker's order.
  for (const [nameEn, nameEs] of missing) await db.insert(emotionTypes).values({ nameEn, nameEs });
  return missing.length;
}
