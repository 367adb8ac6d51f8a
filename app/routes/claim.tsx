import type { ShellHandle } from "~/components/shell/site-header";
import { FormPage, FORMS, SiteForm } from "~/features/forms";
import { formAction, formPageData } from "~/features/forms/index.server";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/claim";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["forms"] };
export const loader = (args: Route.LoaderArgs) => formPageData(args, "claim");
export const action = (args: Route.ActionArgs) => formAction(args, "claim");
export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

// Pure CSS: the notice's fields appear when removal (and then copyright) is chosen, with or without JavaScript.
const REMOVAL_ONLY = "hidden flex-col gap-1.5 group-has-[[name=position][value=removal]:checked]/form:flex";
const COPYRIGHT_ONLY =
  "hidden flex-col gap-1.5 group-has-[[name=position][value=removal]:checked]/form:group-has-[[name=basis][value=copyright]:checked]/form:flex";

/** Served at /claim-this-content and /esse-conteudo-e-meu. */
export default function Claim({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("forms");
  return (
    <FormPage title={t("claim.title")} intro={<p>{t("claim.intro")}</p>}>
      <SiteForm
        id="claim-form"
        schema={FORMS.claim.schema}
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
          // The removal notice (TAKE IT DOWN Act; DMCA 512(c)(3) for copyright): shown once removal is chosen.
          {
            name: "basis",
            kind: "radio",
            label: t("claim.notice.basis"),
            hint: t("claim.notice.intro"),
            options: [
              { value: "consent", label: t("claim.notice.consent") },
              { value: "copyright", label: t("claim.notice.copyright") },
            ],
            wrapperClass: REMOVAL_ONLY,
          },
          {
            name: "details",
            kind: "textarea",
            rows: 4,
            label: t("claim.notice.details"),
            hint: t("claim.notice.detailsHint"),
            wrapperClass: REMOVAL_ONLY,
          },
          { name: "copyrightWork", kind: "textarea", rows: 3, label: t("claim.notice.copyrightWork"), wrapperClass: COPYRIGHT_ONLY },
          {
            name: "address",
            kind: "textarea",
            rows: 2,
            label: t("claim.notice.address"),
            autoComplete: "street-address",
            wrapperClass: COPYRIGHT_ONLY,
          },
          {
            name: "goodFaith",
            kind: "checkbox",
            label: t("claim.notice.goodFaith"),
            wrapperClass: REMOVAL_ONLY,
          },
          { name: "accuracy", kind: "checkbox", label: t("claim.notice.accuracy"), wrapperClass: COPYRIGHT_ONLY },
          {
            name: "signature",
            kind: "text",
            label: t("claim.notice.signature"),
            hint: t("claim.notice.signatureHint"),
            autoComplete: "name",
            wrapperClass: REMOVAL_ONLY,
          },
        ]}
      />
    </FormPage>
  );
}
