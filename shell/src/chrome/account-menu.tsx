import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api, canUpgrade, clearSession, openSubscriptionModal, useAuth, useLocalizePath } from '@reelmint/shared';
import type { AccountRole } from '@reelmint/shared';
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

/** `onAction` runs before an item acts, so the side sheet that may hold this menu closes first (a modal opened over it would lose focus and clicks to it). */
export function AccountMenu({ onAction }: { onAction?: (() => void) | undefined } = {}) {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  if (!user) return null;
  const plan = user.plan ?? 'free';
  const initial = user.username.trim().charAt(0).toUpperCase() || '?';
  const goTo = (path: string) => () => {
    onAction?.();
    navigate(localize(path));
  };

  const entries: MenuEntry[] = [
    {
      kind: 'label',
      key: 'who',
      content: (
        <>
          <strong data-testid="account-username">{user.username}</strong>
          <span className={styles.planName} data-testid="account-plan">
            {t(`plans.${plan}`, { defaultValue: plan })}
          </span>
        </>
      ),
    },
    { kind: 'separator', key: 'separator' },
  ];
  if (canUpgrade(plan)) {
    entries.push({
      kind: 'item',
      key: 'upgrade',
      label: t('account.upgrade'),
      onSelect: () => {
        onAction?.();
        void openSubscriptionModal({ source: 'header' });
      },
    });
  }
  entries.push({ kind: 'item', key: 'history', label: t('account.history'), onSelect: goTo('/credits') });
  entries.push({ kind: 'item', key: 'settings', label: t('account.settings'), onSelect: goTo('/account') });
  if (user.roles?.includes(RELEASE_MANAGER)) {
    entries.push({ kind: 'item', key: 'release', label: t('account.releaseDashboard'), onSelect: goTo('/release'), testId: 'account-release-dashboard' });
  }
  entries.push({
    kind: 'item',
    key: 'logout',
    label: t('account.logout'),
    onSelect: () => {
      void logout().then(() => navigate(localize('/')));
    },
  });

  return (
    <DeferredMenu
      trigger={{
        className: styles.avatar,
        'aria-label': t('account.menu', { name: user.username }),
        children: user.profilePicture ? <img src={user.profilePicture} alt="" width={32} height={32} /> : <span aria-hidden="true">{initial}</span>,
      }}
      classes={{ content: styles.menu, label: styles.menuLabel, separator: styles.separator, item: styles.menuItem, check: styles.check }}
      entries={entries}
    />
  );
}
