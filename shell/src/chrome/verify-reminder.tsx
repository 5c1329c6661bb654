import { useTranslation } from 'react-i18next';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { api, useActiveLanguage, useAuth } from '@reelmint/shared';
import { resendErrorKey } from '../account/resend-verification.tsx';
import styles from './header.module.css';
import { showToast } from './toasts.tsx';
import { DeferredMenu } from './deferred-chrome.tsx';

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
    <DeferredMenu
      trigger={{
        className: styles.verifyReminder,
        'data-testid': 'verify-reminder',
        'aria-label': t('verify.pill'),
        children: (
          <>
            <span aria-hidden="true">✉</span>
            <span className={styles.verifyReminderText}>{t('verify.pill')}</span>
          </>
        ),
      }}
      classes={{
        content: `${styles.menu} ${styles.verifyMenu}`,
        label: styles.menuLabel,
        separator: styles.separator,
        item: styles.menuItem,
        check: styles.check,
      }}
      entries={[
        {
          kind: 'label',
          key: 'where',
          content: (
            <>
              {t('verify.reminder', { email })}
              {mailLate && (
                <span className={styles.verifyLate} data-testid="verify-mail-late">
                  {t('verify.mailLate')}
                </span>
              )}
            </>
          ),
        },
        { kind: 'separator', key: 'separator' },
        { kind: 'item', key: 'resend', label: t('verify.resend'), onSelect: () => void resend() },
      ]}
    />
  );
}
