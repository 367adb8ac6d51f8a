import { useId } from "react";
import { Form } from "react-router";
import { useT } from "~/lib/i18n/react";
import { CATEGORY_ORDER_MAX } from "../catalogue-edit-fields";
import { DECISION_STYLES, focusRing } from "./admin-ui";
import { Field, input, Outcome, type Reply } from "./edit-field";

export interface EditableCategory {
  id: string;
  slug: string;
  nameEn: string;
  nameEs: string;
  color: string;
  orderPriority: number;
  active: boolean;
}

/**
 * One category's edit on the desk: names in both languages, colour, order and whether the bar shows it
 * (docs/decisions/190-desk-edits-categories.md). Each category is its own section, named by its English name, so
 * its fields are told apart by assistive technology.
 */
export function CategoryEditForm({ category, reply }: { category: EditableCategory; reply?: Reply }) {
  const { t } = useT("admin");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-ink-800 p-4">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full" style={{ background: category.color }} />
        {category.nameEn}
      </h2>
      <p className="text-sm text-ink-300">{t("categories.slug", { slug: category.slug })}</p>
      <Form method="post" className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="categoryId" value={category.id} />
        <Field name="nameEn" label={t("edit.categoryNameEn")} reply={reply}>
          {(props) => <input {...props} name="nameEn" defaultValue={category.nameEn} required maxLength={60} className={input} />}
        </Field>
        <Field name="nameEs" label={t("edit.categoryNameEs")} reply={reply}>
          {(props) => <input {...props} name="nameEs" defaultValue={category.nameEs} required maxLength={60} lang="es" className={input} />}
        </Field>
        <Field name="color" label={t("edit.color")} reply={reply}>
          {(props) => <input {...props} name="color" type="color" defaultValue={category.color} required className={`h-11 ${input}`} />}
        </Field>
        <Field name="orderPriority" label={t("edit.order")} reply={reply}>
          {(props) => (
            <input
              {...props}
              name="orderPriority"
              type="number"
              inputMode="numeric"
              min={0}
              max={CATEGORY_ORDER_MAX}
              step={1}
              defaultValue={category.orderPriority}
              required
              className={input}
            />
          )}
        </Field>
        <label className="flex items-center gap-2 sm:col-span-2">
          <input type="checkbox" name="active" defaultChecked={category.active} className={focusRing} />
          {t("edit.active")}
        </label>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" className={DECISION_STYLES.neutral}>
            {t("edit.save")}
          </button>
          <Outcome reply={reply} />
        </div>
      </Form>
    </section>
  );
}
