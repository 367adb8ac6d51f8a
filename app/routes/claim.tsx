import type { ShellHandle } from "~/components/shell/site-header";
import { FormPage } from "~/features/forms/components/form-page";
import { SiteForm } from "~/features/forms/components/site-form";
import { formAction } from "~/features/forms/form-action.server";
import { formPageData } from "~/features/forms/form-page.server";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import { claimSchema } from "~/features/forms/claim.schema";
import type { Route } from "./+types/claim";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["forms"] };
export const loader = (args: Route.LoaderArgs) => formPageData(args, "claim");
export const action = (args: Route.ActionArgs) => formAction(args, "claim");
export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

/** Served at /claim-this-content and /esse-conteudo-e-meu. */
export default function Claim({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("forms");
  return (
    <FormPage title={t("claim.title")} intro={<p>{t("claim.intro")}</p>}>
      <SiteForm
        id="claim-form"
        schema={claimSchema}
        actionData={actionData}
        submitLabel={t("claim.submit")}
        successMessage={t("claim.success")}
        confirmation={{ body: t("claim.next"), clipPath: loaderData.clipPath }}
        requireChoice="position"
        fields={[
          {
            name: "contentUrl",
            kind: "url",
            label: t("claim.contentUrl"),
            placeholder: `${loaderData.origin}/video/…`,
            defaultValue: loaderData.prefill,
          },
          { name: "email", kind: "email", label: t("fields.email"), autoComplete: "email", placeholder: t("fields.emailPlaceholder") },
          { name: "phone", kind: "tel", label: t("fields.phone"), autoComplete: "tel", optional: true },
          {
            name: "position",
            kind: "radio",
            label: t("claim.position"),
            options: [
              { value: "partnership", label: t("claim.partnership") },
              { value: "removal", label: t("claim.removal") },
            ],
          },
        ]}
      />
    </FormPage>
  );
}
