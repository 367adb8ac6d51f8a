import type { ShellHandle } from "~/components/shell/site-header";
import { FormPage, FORMS, SiteForm, SUBMIT_CATEGORIES } from "~/features/forms";
import { formAction, formPageData } from "~/features/forms/index.server";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import { useNavigate } from "react-router";
import type { Route } from "./+types/submit";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["forms"] };
export const loader = (args: Route.LoaderArgs) => formPageData(args, "submit");
export const action = (args: Route.ActionArgs) => formAction(args, "submit");
export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Submit({ actionData }: Route.ComponentProps) {
  const { t } = useT("forms");
  const navigate = useNavigate();
  return (
    <FormPage
      title={t("submit.title")}
      intro={
        <>
          <p>{t("submit.intro")}</p>
          <p className="text-sm">{t("submit.audienceNote")}</p>
        </>
      }
    >
      <SiteForm
        id="submit-form"
        schema={FORMS.submit.schema}
        actionData={actionData}
        submitLabel={t("submit.submit")}
        successMessage={t("submit.success")}
        onSuccess={() => void navigate("/")}
        fields={[
          { name: "creatorName", kind: "text", label: t("submit.creatorName") },
          {
            name: "category",
            kind: "select",
            label: t("submit.category"),
            placeholder: t("submit.categoryPlaceholder"),
            options: SUBMIT_CATEGORIES.map((value) => ({ value, label: t(`submit.categories.${value}`) })),
          },
          { name: "tags", kind: "text", label: t("submit.tags"), placeholder: t("submit.tagsPlaceholder"), hint: t("submit.tagsHint") },
          { name: "imageOrVideoLink", kind: "url", label: t("submit.imageOrVideoLink"), placeholder: t("submit.linkPlaceholder") },
          { name: "salesProfileLink", kind: "url", label: t("submit.salesProfileLink"), placeholder: t("submit.salesProfilePlaceholder") },
          {
            name: "socialLinks",
            kind: "textarea",
            rows: 3,
            optional: true,
            label: t("submit.socialLinks"),
            placeholder: t("submit.socialLinksPlaceholder"),
          },
          {
            name: "email",
            kind: "email",
            label: t("submit.email"),
            hint: t("submit.emailHint"),
            optional: true,
            autoComplete: "email",
            placeholder: t("fields.emailPlaceholder"),
          },
          {
            name: "upload",
            kind: "file",
            optional: true,
            accept: FORMS.submit.upload.accept,
            label: t("submit.upload"),
            hint: t("submit.uploadHint"),
          },
        ]}
      />
    </FormPage>
  );
}
