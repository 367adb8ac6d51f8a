import type { ShellHandle } from "~/components/shell/site-header";
import { FormPage } from "~/features/forms/components/form-page";
import { SiteForm } from "~/features/forms/components/site-form";
import { formAction } from "~/features/forms/form-action.server";
import { formPageData } from "~/features/forms/form-page.server";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import { FORMS } from "~/features/forms/registry";
import type { Route } from "./+types/partnership";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["forms"] };
export const loader = (args: Route.LoaderArgs) => formPageData(args, "promote");
export const action = (args: Route.ActionArgs) => formAction(args, "promote");
export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

/** 'Promote my Content', served at /promote-content and /promote-only-fans. */
export default function Promote({ actionData }: Route.ComponentProps) {
  const { t } = useT("forms");
  const aside = (
    <section aria-labelledby="points-heading" className="rounded-2xl border border-ink-700 bg-ink-900/60 p-5">
      <h2 id="points-heading" className="mb-2 font-semibold text-white">
        {t("promote.pointsTitle")}
      </h2>
      <p className="mb-2 text-sm text-ink-300">{t("promote.pointsIntro")}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-ink-200">
        <li>{t("promote.pointsLinks")}</li>
        <li>{t("promote.pointsUploads")}</li>
        <li>{t("promote.pointsLongUploads")}</li>
      </ul>
    </section>
  );
  return (
    <FormPage title={t("promote.title")} intro={<p>{t("promote.intro")}</p>} aside={aside}>
      <SiteForm
        id="promote-form"
        schema={FORMS.promote.schema}
        actionData={actionData}
        submitLabel={t("promote.submit")}
        successMessage={t("promote.success")}
        confirmation={{ body: t("promote.next") }}
        fields={[
          { name: "salesPlatformUrl", kind: "url", label: t("promote.salesPlatformUrl"), placeholder: "https://" },
          { name: "socialNetworkUrl", kind: "url", label: t("promote.socialNetworkUrl"), placeholder: "https://" },
          { name: "email", kind: "email", label: t("fields.email"), autoComplete: "email", placeholder: t("fields.emailPlaceholder") },
          { name: "phone", kind: "tel", label: t("fields.phone"), autoComplete: "tel", optional: true },
        ]}
      />
    </FormPage>
  );
}
