import { useEffect } from "react";

/** The ad network's script, added 1000 ms after hydration (ADR 060, docs/product.md §2.6). */
export const AD_SCRIPT_DELAY_MS = 1000;

/**
 * Renders nothing; after the delay it appends the configured script. The root
 * only passes a URL in adult mode, for visitors without premium, and only when
 * AD_SCRIPT_URL is set — which is also when the CSP allows its origin.
 */
export function AdScript({ src }: { src: string }) {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (document.querySelector(`script[data-ad-script]`)) return;
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.dataset.adScript = "true";
      document.body.appendChild(script);
    }, AD_SCRIPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [src]);
  return null;
}
