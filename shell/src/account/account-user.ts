import { runtimeConfig, updateUser } from '@reelmint/shared';
import type { AccountUser } from '@reelmint/shared';

/** The picture's address for an <img>: the API serves it under its own origin. */
export function pictureSrc(path: string | null | undefined): string | null {
  return path ? `${runtimeConfig().apiBase}${path}` : null;
}

/** What the header and the rest of the site show of the account, from the API's view of it. */
export function applyAccountUser(user: AccountUser): void {
  updateUser({
    id: user.id,
    username: user.name,
    email: user.email,
    plan: user.subscription.plan,
    profilePicture: pictureSrc(user.pictureUrl),
    roles: user.roles ?? [],
    ...(user.emailVerified === undefined ? {} : { emailVerified: user.emailVerified }),
  });
}
