import { useEffect, useState } from "react";

export interface EmotionOption {
  id: number;
  name: string;
}
export interface ConsciousLists {
  emotions: EmotionOption[];
  categories: { slug: string; name: string }[];
}

export const CONSCIOUS_LISTS_ENDPOINT = "/api/conscious";
const EMPTY: ConsciousLists = { emotions: [], categories: [] };
let loaded: { language: string; lists: Promise<ConsciousLists> } | null = null;

/** The emotions and category names in the page's language, asked for once per page load and language. */
export function useConsciousLists(): ConsciousLists {
  const [lists, setLists] = useState<ConsciousLists>(EMPTY);
  useEffect(() => {
    const language = document.documentElement.lang;
    if (loaded?.language !== language)
      loaded = {
        language,
        lists: fetch(CONSCIOUS_LISTS_ENDPOINT)
          .then((response) => (response.ok ? (response.json() as Promise<ConsciousLists>) : EMPTY))
          .catch(() => EMPTY),
      };
    let live = true;
    void loaded.lists.then((value) => live && setLists(value));
    return () => {
      live = false;
    };
  }, []);
  return lists;
}
