import type { Storage } from "./storage.server";

/** Copies a stored object to a new key (the drivers have no copy of their own); false when the source is gone. */
export async function copyObject(storage: Storage, from: string, to: string, contentType: string): Promise<boolean> {
  const object = await storage.get(from);
  if (!object) return false;
  await storage.put(to, object.body, { contentType });
  return true;
}
