import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api, canUpgrade, clearSession, openSubscriptionModal, useAuth, useLocalizePath } from '@reelmint/shared';
import type { AccountRole, SessionUser } from '@reelmint/shared';
import { DeferredMenu } from './deferred-chrome.tsx';
import type { MenuEntry } from './radix-chrome.tsx';
import styles from './header.module.css';

/** The role that opens /release (the API checks it too; the menu only spares others a link they cannot use). */
const RELEASE_MANAGER: AccountRole = 'release-manager';

/** Header logout: clears the session on the server and here, then goes home. */
export async function logout(): Promise<void> {
  await api.logout().catch(() => undefined);
  clearSession();
}

/** One thing the signed-in person can do from the header: a menu item on a wide screen, a button in the phone's side sheet. */
interface AccountAction {
  key: string;
  label: string;
  onSelect: () => void;
  testId?: string;
  /** It opens the subscription modal (a menu item holding it runs once the menu has closed). */
  opensDialog?: boolean;
}

/**
 * Who is signed in and what the header offers them: upgrade (free plan only), credits history, settings, the release
 * dashboard for its role, logout. `onAction` runs before an action, so the side sheet that may hold it closes first.
 */
export function useAccountActions(onAction?: () => void): { user: SessionUser; plan: string; actions: AccountAction[] } | null {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  if (!user) return null;
  const plan = user.plan ?? 'free';
  const goTo = (path: string) => () => {
    onAction?.();
    navigate(localize(path));
  };
  const actions: AccountAction[] = [];
  if (canUpgrade(plan)) {
    actions.push({
      key: 'upgrade',
      label: t('account.upgrade'),
      opensDialog: true,
      onSelect: () => {
        onAction?.();
        void openSubscriptionModal({ source: 'header' });
      },
    });
  }
  actions.push({ key: 'history', label: t('account.history'), onSelect: goTo('/credits') });
  actions.push({ key: 'settings', label: t('account.settings'), onSelect: goTo('/account') });
  if (user.roles?.includes(RELEASE_MANAGER)) {
    actions.push({ key: 'release', label: t('account.releaseDashboard'), onSelect: goTo('/release'), testId: 'account-release-dashboard' });
  }
  actions.push({
    key: 'logout',
    label: t('account.logout'),
    onSelect: () => {
      onAction?.();
      void logout().then(() => navigate(localize('/')));
    },
  });
  return { user, plan: t(`plans.${plan}`, { defaultValue: plan }), actions };
}

/** The person's picture, or the first letter of their name. */
export function AvatarFace({ user }: { user: SessionUser }) {
  const initial = user.username.trim().charAt(0).toUpperCase() || '?';
  return user.profilePicture ? <img src={user.profilePicture} alt="" width={32} height={32} /> : <span aria-hidden="true">{initial}</span>;
}

/** The avatar's menu on a wide screen. */
export function AccountMenu({ onAction }: { onAction?: (() => void) | undefined } = {}) {
  const { t } = useTranslation();
  const account = useAccountActions(onAction);
  if (!account) return null;
  const { user, plan, actions } = account;
  const entries: MenuEntry[] = [
    {
      kind: 'label',
      key: 'who',
      content: (
        <>
          <strong data-testid="account-username">{user.username}</strong>
          <span className={styles.planName} data-testid="account-plan">
            {plan}
          </span>
        </>
      ),
    },
    { kind: 'separator', key: 'separator' },
    ...actions.map((action): MenuEntry => ({ kind: 'item', ...action })),
  ];

  return (
    <DeferredMenu
      trigger={{ className: styles.avatar, 'aria-label': t('account.menu', { name: user.username }), children: <AvatarFace user={user} /> }}
      classes={{ content: styles.menu, label: styles.menuLabel, separator: styles.separator, item: styles.menuItem, check: styles.check }}
      entries={entries}
    />
  );
}
