import { useT } from "~/lib/i18n/react";
import type { ItemView } from "../item.server";
import { focusRing, FormattedDate } from "./admin-ui";

/** What the visitor sent, in the form registry's order; lists read in the moderator's language, typed text as typed. */
export function ItemFields({ item }: { item: ItemView }) {
  const { t } = useT("admin");
  const { t: formsT } = useT("forms");
  const text = (name: string, kind: string, value: string | boolean | null) => {
    if (value === null || value === "") return "—";
    if (typeof value === "boolean") return t(value ? "item.yes" : "item.no");
    if (kind === "choice") {
      if (name === "category") return formsT(`submit.categories.${value}`, { defaultValue: value });
      return t(`choices.${name}.${value}`, { defaultValue: value });
    }
    if (kind === "url" && /^https?:\/\//.test(value))
      return (
        <a href={value} rel="noreferrer noopener nofollow" target="_blank" className={`break-all text-flame-300 underline ${focusRing}`}>
          {value}
        </a>
      );
    return value;
  };
  return (
    <section aria-labelledby="fields-heading">
      <h2 id="fields-heading" className="mb-2 text-lg font-semibold">
        {t("item.fields")}
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
        {item.fields.map(({ name, kind, value }) => (
          <div key={name} className="contents">
            <dt className="font-semibold text-ink-300">{t(`fieldNames.${name}`)}</dt>
            <dd className="break-words whitespace-pre-wrap">{text(name, kind, value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A removal notice's elements (TAKE IT DOWN Act; DMCA 512(c)(3) for copyright) and its 48-hour clock. */
export function NoticeCheck({ notice, deadlineAt }: { notice: NonNullable<ItemView["notice"]>; deadlineAt: string | null }) {
  const { t } = useT("admin");
  const complete = notice.missing.length === 0;
  return (
    <section
      aria-labelledby="notice-heading"
      className={`rounded-xl border p-4 ${complete ? "border-emerald-700 bg-emerald-950/40" : "border-amber-700 bg-amber-950/40"}`}
    >
      <h2 id="notice-heading" className="font-semibold">
        {complete ? t("notice.complete") : t("notice.incomplete")}
        {notice.basis ? ` · ${t(`choices.basis.${notice.basis}`)}` : null}
      </h2>
      {complete ? null : (
        <p>
          {t("notice.missing")}: {notice.missing.map((field) => t(`fieldNames.${field}`)).join(", ")}
        </p>
      )}
      <p className="text-sm">
        {deadlineAt ? (
          <>
            {t("notice.clock")} <FormattedDate value={deadlineAt} />
          </>
        ) : (
          t("notice.noClock")
        )}
      </p>
    </section>
  );
}

/** The clip the item's link names: a private preview (hidden clips too) and whether it is blocked. */
export function ItemClip({ item }: { item: ItemView }) {
  const { t } = useT("admin");
  const clip = item.clip;
  return (
    <section aria-labelledby="clip-heading" className="space-y-2">
      <h2 id="clip-heading" className="text-lg font-semibold">
        {t("item.clip")}
      </h2>
      {clip ? (
        <>
          <p>
            <a href={`/video/${clip.slug}`} className={`text-flame-300 underline ${focusRing}`}>
              {clip.title}
            </a>{" "}
            ({t("item.openClip")})
          </p>
          {clip.status === "hidden" ? <p className="text-red-300">{t("item.clipHidden")}</p> : null}
          {clip.blocked ? <p className="text-amber-200">{t("item.clipBlocked")}</p> : null}
          <video
            controls
            preload="none"
            poster={clip.thumbnailUrl ?? undefined}
            className="max-h-80 max-w-full rounded"
            aria-label={clip.title}
          >
            <source src={clip.videoUrl} type="video/mp4" />
          </video>
        </>
      ) : (
        <p>{t("item.noClip")}</p>
      )}
    </section>
  );
}
