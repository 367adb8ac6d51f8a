/** Up to two initials from a creator's name ('Iris Montaño' → 'IM', 'vega' → 'V'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return picked.map((word) => [...word][0]!.toLocaleUpperCase()).join("") || "?";
}

/**
 * The initials avatar's background: a hue hashed from the slug (FNV-1a), so a
 * creator keeps the same colour everywhere. Lightness is kept low enough for
 * white initials to pass WCAG contrast on every hue.
 */
export function avatarColour(slug: string): string {
  let hash = 0x811c9dc5;
  for (const char of slug) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `hsl(${hash % 360} 45% 30%)`;
}
