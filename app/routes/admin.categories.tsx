import { categoriesForEdit, categoryEditForm, deskPage, editCategory, requireModerator } from "~/features/moderation/index.server";
import { CategoryEditForm } from "~/features/moderation";
import { getServices } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin.categories";

export const handle: I18nHandle = { i18n: ["admin"] };

/** Every browse category with its edit form (docs/decisions/190-desk-edits-categories.md). */
export async function loader(args: Route.LoaderArgs) {
  const desk = await deskPage(args, { path: "/admin/categories", title: "categories.heading" });
  return { categories: await categoriesForEdit(desk.services.db), meta: desk.meta };
}

/** Saves one category's names, colour, order and state, audited: `{ ok: true, categoryId, changed }` or a refusal per field. */
export async function action(args: Route.ActionArgs) {
  const actor = await requireModerator(args);
  return handleAction(args, {
    namespace: "admin",
    schema: categoryEditForm,
    handle: async (edit) => {
      const { changed } = await editCategory(getServices(args).db, actor, edit);
      return { categoryId: edit.categoryId, changed: changed.length };
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminCategories({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  // The reply belongs to the form that was sent: the saved category's, or the refused form's posted id.
  const repliedId = actionData ? (actionData.ok ? actionData.categoryId : actionData.values.categoryId) : undefined;
  return (
    <section aria-labelledby="categories-heading" className="space-y-4">
      <h1 id="categories-heading" className="text-2xl font-bold">
        {t("categories.heading")}
      </h1>
      <p className="text-ink-300">{t("categories.intro")}</p>
      <div className="grid gap-4 xl:grid-cols-2">
        {d.categories.map((category) => (
          <CategoryEditForm
            // A saved change gives the form its new values.
            key={`${category.id}:${category.nameEn}:${category.nameEs}:${category.color}:${category.orderPriority}:${category.active}`}
            category={category}
            reply={repliedId === category.id ? actionData : undefined}
          />
        ))}
      </div>
    </section>
  );
}
