import { data } from "react-router";
import { quarantinedUpload, quarantineResponse, requireModerator } from "~/features/moderation/index.server";
import { getServices } from "~/lib/context";
import type { Route } from "./+types/admin.upload";

/** /admin/submissions/:id/upload — the quarantined file of a submission, for moderators. */
export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
  const { db, storage } = getServices(args);
  const upload = await quarantinedUpload(db, args.params.id);
  if (!upload) throw data(null, { status: 404 });
  return quarantineResponse(storage, upload, args.request);
}
