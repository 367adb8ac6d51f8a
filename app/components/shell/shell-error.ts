import { isRouteErrorResponse } from "react-router";
import type { ShellData } from "~/shell.server";

/** The body of a 404 made by `notFoundWithShell`. */
export interface ShellError {
  shell: ShellData;
}

/** The shell's data carried by an error response, when the route that refused the page sent it. */
export function shellOfError(error: unknown): ShellData | null {
  if (!isRouteErrorResponse(error)) return null;
  const body = error.data as Partial<ShellError> | null | undefined;
  return body && typeof body === "object" && body.shell ? body.shell : null;
}
