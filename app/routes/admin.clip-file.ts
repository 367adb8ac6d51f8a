import { data } from "react-router";
import { clipFile, quarantineResponse, requireModerator } from "~/features/moderation/index.server";
import { getServices } from "~/lib/context";
import type { Route } from "./+types/admin.clip-file";

/** /admin/clips/:id/video and …/thumbnail — a clip's files for moderators, hidden clips included. */
export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
  const { db, storage } = getServices(args);
  const file = await clipFile(db, args.params.id, args.params.file);
  if (!file) throw data(null, { status: 404 });
  return quarantineResponse(storage, file, args.request);
}
