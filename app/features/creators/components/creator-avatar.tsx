import { avatarColour, initialsOf } from "../avatar";

/** The creator's picture, or initials on a colour derived from the slug (docs/product.md §6.2). */
export function CreatorAvatar({
  name,
  slug,
  avatarUrl,
  small = false,
}: {
  name: string;
  slug: string;
  avatarUrl: string | null;
  /** `small`: a list's 40 px avatar rather than the page's. */
  small?: boolean;
}) {
  const size = small ? "h-10 w-10 shrink-0 rounded-full text-sm" : "h-24 w-24 shrink-0 rounded-full text-3xl sm:h-28 sm:w-28";
  const pixels = small ? 40 : 112;
  if (avatarUrl)
    return (
      <img src={avatarUrl} alt="" width={pixels} height={pixels} loading={small ? "lazy" : undefined} className={`${size} object-cover`} />
    );
  return (
    <span
      aria-hidden="true"
      data-testid="initials-avatar"
      className={`${size} flex select-none items-center justify-center font-black text-white`}
      style={{ background: avatarColour(slug) }}
    >
      {initialsOf(name)}
    </span>
  );
}
