import { avatarColour, initialsOf } from "../avatar";

/** The creator's picture, or initials on a colour derived from the slug (docs/product.md §6.2). */
export function CreatorAvatar({ name, slug, avatarUrl }: { name: string; slug: string; avatarUrl: string | null }) {
  const size = "h-24 w-24 shrink-0 rounded-full sm:h-28 sm:w-28";
  if (avatarUrl) return <img src={avatarUrl} alt="" width={112} height={112} className={`${size} object-cover`} />;
  return (
    <span
      aria-hidden="true"
      data-testid="initials-avatar"
      className={`${size} flex select-none items-center justify-center text-3xl font-black text-white`}
      style={{ background: avatarColour(slug) }}
    >
      {initialsOf(name)}
    </span>
  );
}
