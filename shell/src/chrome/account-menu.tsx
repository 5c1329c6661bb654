import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api, canUpgrade, clearSession, openSubscriptionModal, useAuth, useLocalizePath } from '@reelmint/shared';
import type { AccountRole } from '@reelmint/shared';
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

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={styles.avatar} aria-label={t('account.menu', { name: user.username })}>
        {user.profilePicture ? <img src={user.profilePicture} alt="" width={32} height={32} /> : <span aria-hidden="true">{initial}</span>}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} sideOffset={8} align="end">
          <DropdownMenu.Label className={styles.menuLabel}>
            <strong data-testid="account-username">{user.username}</strong>
            <span className={styles.planName} data-testid="account-plan">
              {t(`plans.${plan}`, { defaultValue: plan })}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={styles.separator} />
          {canUpgrade(plan) && (
            <DropdownMenu.Item
              className={styles.menuItem}
              onSelect={() => {
                onAction?.();
                void openSubscriptionModal({ source: 'header' });
              }}
            >
              {t('account.upgrade')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            className={styles.menuItem}
            onSelect={() => {
              onAction?.();
              navigate(localize('/credits'));
            }}
          >
            {t('account.history')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={styles.menuItem}
            onSelect={() => {
              onAction?.();
              navigate(localize('/account'));
            }}
          >
            {t('account.settings')}
          </DropdownMenu.Item>
          {user.roles?.includes(RELEASE_MANAGER) && (
            <DropdownMenu.Item
              className={styles.menuItem}
              data-testid="account-release-dashboard"
              onSelect={() => {
                onAction?.();
                navigate(localize('/release'));
              }}
            >
              {t('account.releaseDashboard')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            className={styles.menuItem}
            onSelect={() => {
              void logout().then(() => navigate(localize('/')));
            }}
          >
            {t('account.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
