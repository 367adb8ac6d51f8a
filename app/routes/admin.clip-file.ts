import { data } from "react-router";
import { requireModerator } from "~/features/moderation/moderators.server";
import { clipFile } from "~/features/moderation/clips-visibility.server";
import { quarantineResponse } from "~/features/moderation/quarantine.server";
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
