import { asc } from "drizzle-orm";
import { emotionTypes } from "~schema";
import type { Database } from "~/lib/database";
import { type Language, localName } from "~/lib/i18n/languages";

export interface Emotion {
  id: number;
  name: string;
}

/** The emotion picker's list in the visitor's language, in id order (a short reference list). */
export async function listEmotions(db: Database, language: Language): Promise<Emotion[]> {
  const rows = await db
    .select({ id: emotionTypes.id, nameEn: emotionTypes.nameEn, nameEs: emotionTypes.nameEs })
    .from(emotionTypes)
    .orderBy(asc(emotionTypes.id))
    .limit(50);
  return rows.map((row) => ({ id: row.id, name: localName(language, row) }));
}
