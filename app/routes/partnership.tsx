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
export const loader = (args: Route.LoaderArgs) => formPageData(args, "partnership");
export const action = (args: Route.ActionArgs) => formAction(args, "partnership");
export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

/** 'Promote my Content', served at /promote-content and /promote-only-fans. */
export default function Promote({ actionData }: Route.ComponentProps) {
  const { t } = useT("forms");
  const aside = (
    <section aria-labelledby="points-heading" className="rounded-2xl border border-ink-700 bg-ink-900/60 p-5">
      <h2 id="points-heading" className="mb-2 font-semibold text-white">
        {t("partnership.pointsTitle")}
      </h2>
      <p className="mb-2 text-sm text-ink-300">{t("partnership.pointsIntro")}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-ink-200">
        <li>{t("partnership.pointsLinks")}</li>
        <li>{t("partnership.pointsUploads")}</li>
        <li>{t("partnership.pointsLongUploads")}</li>
      </ul>
    </section>
  );
  return (
    <FormPage title={t("partnership.title")} intro={<p>{t("partnership.intro")}</p>} aside={aside}>
      <SiteForm
        id="partnership-form"
        schema={FORMS.partnership.schema}
        actionData={actionData}
        submitLabel={t("partnership.submit")}
        successMessage={t("partnership.success")}
        confirmation={{ body: t("partnership.next") }}
        fields={[
          { name: "salesPlatformUrl", kind: "url", label: t("partnership.salesPlatformUrl"), placeholder: "https://" },
          { name: "socialNetworkUrl", kind: "url", label: t("partnership.socialNetworkUrl"), placeholder: "https://" },
          { name: "email", kind: "email", label: t("fields.email"), autoComplete: "email", placeholder: t("fields.emailPlaceholder") },
          { name: "phone", kind: "tel", label: t("fields.phone"), autoComplete: "tel", optional: true },
        ]}
      />
    </FormPage>
  );
}
