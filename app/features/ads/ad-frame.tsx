import { useEffect, useState } from "react";
import { useT } from "~/lib/i18n/react";

/** The ad network's script, added 1000 ms after hydration (ADR 060, docs/product.md §2.6). */
export const AD_SCRIPT_DELAY_MS = 1000;

/**
 * What the frame may do: run the ad's scripts and open its links in a new tab. Without `allow-same-origin` the
 * frame has an opaque origin — no cookies, no storage, no reach into this page — and without
 * `allow-top-navigation` it cannot take the visitor elsewhere (ADR 115).
 */
export const AD_FRAME_SANDBOX = "allow-scripts allow-popups allow-popups-to-escape-sandbox";

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The frame's whole document: the configured script and nothing of the page. */
export const adFrameDocument = (src: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"></head>` +
  `<body style="margin:0"><script src="${attribute(src)}"></script></body></html>`;

/**
 * After the delay, a sandboxed frame that runs the configured script. The root only passes a URL in adult mode,
 * for visitors without premium, and only when AD_SCRIPT_URL is set — which is also when the CSP allows its origin.
 * The script never runs in the page itself: it could read whatever a signed-in member's pages show.
 */
export function AdFrame({ src }: { src: string }) {
  const { t } = useT();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), AD_SCRIPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [src]);
  if (!shown) return null;
  return (
    <aside aria-label={t("ads.label")} className="mx-auto my-4 w-full max-w-[728px]">
      <iframe
        title={t("ads.frameTitle")}
        sandbox={AD_FRAME_SANDBOX}
        srcDoc={adFrameDocument(src)}
        referrerPolicy="no-referrer"
        className="block h-[90px] w-full border-0"
      />
    </aside>
  );
}
