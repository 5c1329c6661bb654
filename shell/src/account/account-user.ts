import { runtimeConfig, updateUser } from '@reelmint/shared';
import type { AccountUser, SessionUser } from '@reelmint/shared';

/** The picture's address for an <img>: the API serves it under its own origin. */
export function pictureSrc(path: string | null | undefined): string | null {
  return path ? `${runtimeConfig().apiBase}${path}` : null;
}

/** What the header and the rest of the site keep of the account, from the API's view of it. */
export function sessionUserOf(user: AccountUser): SessionUser {
  return {
    id: user.id,
    username: user.name,
    email: user.email,
    plan: user.subscription.plan,
    planStatus: user.subscription.status,
    profilePicture: pictureSrc(user.pictureUrl),
    roles: user.roles,
    emailVerified: user.emailVerified,
  };
}

export function applyAccountUser(user: AccountUser): void {
  updateUser(sessionUserOf(user));
}
