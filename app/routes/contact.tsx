import type { ShellHandle } from "~/components/shell/site-header";
import { FormPage, FORMS, SiteForm } from "~/features/forms";
import { formAction, formPageData } from "~/features/forms/index.server";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/contact";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["forms"] };
export const loader = (args: Route.LoaderArgs) => formPageData(args, "contact");
export const action = (args: Route.ActionArgs) => formAction(args, "contact");
export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Contact({ actionData }: Route.ComponentProps) {
  const { t } = useT("forms");
  return (
    <FormPage title={t("contact.title")} intro={<p>{t("contact.intro")}</p>}>
      <SiteForm
        id="contact-form"
        schema={FORMS.contact.schema}
        actionData={actionData}
        submitLabel={t("contact.submit")}
        successMessage={t("contact.success")}
        confirmation={{ body: t("contact.next") }}
        fields={[
          { name: "name", kind: "text", label: t("contact.name"), autoComplete: "name" },
          { name: "email", kind: "email", label: t("fields.email"), autoComplete: "email", placeholder: t("fields.emailPlaceholder") },
          { name: "subject", kind: "text", label: t("contact.subject") },
          { name: "message", kind: "textarea", rows: 5, label: t("contact.message") },
        ]}
      />
    </FormPage>
  );
}
