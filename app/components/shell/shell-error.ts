import { isRouteErrorResponse } from "react-router";

/** The body of a 404 made by `notFoundWithShell` (app/shell.server.ts): the shell's data, whatever its shape. */
export interface ShellError<Shell> {
  shell: Shell;
}

/** The shell's data carried by an error response, when the route that refused the page sent it. */
export function shellOfError<Shell>(error: unknown): Shell | null {
  if (!isRouteErrorResponse(error)) return null;
  const body = error.data as Partial<ShellError<Shell>> | null | undefined;
  return body && typeof body === "object" && body.shell ? body.shell : null;
}
