import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { api, useActiveLanguage, useAuth } from '@reelmint/shared';
import { resendErrorKey } from '../account/resend-verification.tsx';
import styles from './header.module.css';
import { showToast } from './toasts.tsx';

/** Set when the sign-up's confirmation mail could not go out at once (it is kept and retried). */
const mailLateStore = createStore<{ late: boolean }>(() => ({ late: false }));

export function noteVerificationMailLate(late: boolean): void {
  mailLateStore.setState({ late });
}

/**
 * The header's gentle reminder while the account's address is unconfirmed: the account works
 * as usual, and the menu says where the link went and offers a new one.
 */
export function VerifyReminder() {
  const { t } = useTranslation();
  const language = useActiveLanguage();
  const mailLate = useStore(mailLateStore, (s) => s.late);
  // Only an account known to be unconfirmed; sessions stored before the flag existed learn it from /me on load.
  const email = useAuth((s) => (s.token && s.user?.emailVerified === false ? (s.user.email ?? '') : null));
  if (email === null) return null;

  const resend = async () => {
    try {
      const reply = await api.resendVerification(language);
      noteVerificationMailLate(reply.mailMayBeLate);
      if (reply.mailMayBeLate) showToast('warning', t('verify.mailLate'));
      else showToast('success', t('verify.sent', { email: reply.email }));
    } catch (failure) {
      showToast('error', t(resendErrorKey(failure)));
    }
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={styles.verifyReminder} data-testid="verify-reminder" aria-label={t('verify.pill')}>
        <span aria-hidden="true">✉</span>
        <span className={styles.verifyReminderText}>{t('verify.pill')}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={`${styles.menu} ${styles.verifyMenu}`} sideOffset={8} align="end">
          <DropdownMenu.Label className={styles.menuLabel}>
            {t('verify.reminder', { email })}
            {mailLate && (
              <span className={styles.verifyLate} data-testid="verify-mail-late">
                {t('verify.mailLate')}
              </span>
            )}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.menuItem} onSelect={() => void resend()}>
            {t('verify.resend')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
