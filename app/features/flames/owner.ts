/** Who gives a flame: a signed-in user, or an anonymous id (`spicy_uid`). */
export type FlameOwner = { userId: string } | { anonymousId: string };
