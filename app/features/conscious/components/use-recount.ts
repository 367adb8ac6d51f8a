import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { saveSessionNow } from "../session-store";
import { rememberTimeZone } from "../time-zone";

/**
 * A page of the member's own figures (insights, the weekly report) counts again when the server counted without
 * something: the browser's time zone (the cookie just changed), or the session the header's timer was saving as the
 * member came here.
 */
export function useRecountOnArrival(): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const saving = saveSessionNow();
    const zoneChanged = rememberTimeZone();
    if (saving || zoneChanged) void Promise.resolve(saving).then(() => revalidate());
  }, [revalidate]);
}
