import { data } from "react-router";
import { waitingAvatar } from "~/features/creator-accounts/index.server";
import { quarantineResponse, requireModerator } from "~/features/moderation/index.server";
import { getServices } from "~/lib/context";
import type { Route } from "./+types/admin.creator-edit-avatar";

/** /admin/creator-edits/:id/avatar — the picture an owner proposes, still in quarantine, for moderators only. */
export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
  const { db, storage } = getServices(args);
  const avatar = await waitingAvatar(db, args.params.id);
  if (!avatar) throw data(null, { status: 404 });
  return quarantineResponse(storage, avatar, args.request);
}
