import { Link } from "react-router";

/** Tags as a wrapping row of '#name' chips, each a link to its tag page. */
export function TagLinks({ tags, id }: { tags: readonly { slug: string; name: string }[]; id?: string }) {
  return (
    <ul id={id} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link
            to={`/tag/${tag.slug}`}
            className="block rounded-full bg-ink-800 px-3 py-1 text-sm text-ink-200 hover:bg-ink-700 hover:text-white"
          >
            #{tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
