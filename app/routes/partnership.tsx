import { data, Link } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import { getUser } from "~/features/accounts/index.server";
import { ownedCreator } from "~/features/creator-accounts/index.server";
import { FormPage, FORMS, SiteForm } from "~/features/forms";
import { formAction, formPageData } from "~/features/forms/index.server";
import { PointsLedger } from "~/features/points";
import { pointsLedger } from "~/features/points/index.server";
import { getServices } from "~/lib/context";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/partnership";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["forms", "points"] };

/**
 * The form page; for a signed-in member who runs a creator page, also that page's points (docs/product.md §6.8), so the
 * answer is then personal: never stored by a shared cache.
 */
export async function loader(args: Route.LoaderArgs) {
  const page = await formPageData(args, "partnership");
  const user = await getUser(args);
  const owned = user ? await ownedCreator(getServices(args).db, user.id, null) : null;
  if (!owned) return data({ ...page, creator: null });
  const points = await pointsLedger(getServices(args).db, owned.id, null, 10);
  return data(
    { ...page, creator: { slug: owned.slug, points, shareUrl: `${page.origin}/creator/${owned.slug}?ref=${owned.slug}` } },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const action = (args: Route.ActionArgs) => formAction(args, "partnership");
export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

/** 'Promote my Content', served at /promote-content and /promote-only-fans. */
export default function Promote({ actionData, loaderData }: Route.ComponentProps) {
  const { t } = useT("forms");
  const { t: tp } = useT("points");
  const creator = loaderData.creator;
  const aside = (
    <>
      {creator ? (
        <PointsLedger points={creator.points} shareUrl={creator.shareUrl} olderHref={null} newestHref={null}>
          <Link to={`/my-creator?creator=${creator.slug}`} className="text-flame-300 underline underline-offset-4 hover:text-flame-400">
            {tp("dashboardLink")}
          </Link>
        </PointsLedger>
      ) : null}
      <section aria-labelledby="points-heading" className="rounded-2xl border border-ink-700 bg-ink-900/60 p-5">
        <h2 id="points-heading" className="mb-2 font-semibold text-white">
          {t("partnership.pointsTitle")}
        </h2>
        <p className="mb-2 text-sm text-ink-300">{t("partnership.pointsIntro")}</p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-ink-200">
          <li>{t("partnership.pointsLinks")}</li>
          <li>{t("partnership.pointsUploads")}</li>
          <li>{t("partnership.pointsLongUploads")}</li>
          <li>{t("partnership.pointsVisits")}</li>
        </ul>
      </section>
    </>
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
