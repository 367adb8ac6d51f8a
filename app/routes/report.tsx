import type { ShellHandle } from "~/components/shell/site-header";
import { FormPage, FORMS, SiteForm } from "~/features/forms";
import { formAction, formPageData } from "~/features/forms/index.server";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/report";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["forms"] };
export const loader = (args: Route.LoaderArgs) => formPageData(args, "report");
export const action = (args: Route.ActionArgs) => formAction(args, "report");
export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("forms");
  return (
    <FormPage title={t("report.title")} intro={<p>{t("report.intro")}</p>}>
      <SiteForm
        id="report-form"
        schema={FORMS.report.schema}
        actionData={actionData}
        submitLabel={t("report.submit")}
        successMessage={t("report.success")}
        confirmation={{ body: t("report.next"), clipPath: loaderData.clipPath }}
        fields={[
          {
            name: "contentUrl",
            kind: "url",
            label: t("report.contentUrl"),
            placeholder: `${loaderData.origin}/video/…`,
            defaultValue: loaderData.prefill,
          },
          {
            name: "description",
            kind: "textarea",
            rows: 5,
            label: t("report.description"),
            placeholder: t("report.descriptionPlaceholder"),
          },
          {
            name: "email",
            kind: "email",
            label: t("report.email"),
            hint: t("report.emailHint"),
            optional: true,
            autoComplete: "email",
            placeholder: t("fields.emailPlaceholder"),
          },
        ]}
      />
    </FormPage>
  );
}
