/** The posted form, or null when the body is not a form (JSON, plain text, multipart without its boundary…). */
export async function tryReadForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/**
 * The posted form; a body that is not a form reads as an empty one, so the route's own validation
 * answers with its translated 4xx instead of a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  return (await tryReadForm(request)) ?? new FormData();
}
