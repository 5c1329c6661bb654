import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { api, useActiveLanguage } from '@reelmint/shared';
import { resendErrorKey } from '../account/resend-verification.tsx';
import styles from './header.module.css';
import { showToast } from './toasts.tsx';
import { DeferredMenu } from './deferred-chrome.tsx';
import { mailLateStore, noteVerificationMailLate } from './verify-mail-late.ts';

/**
 * The header's gentle reminder while the account's address is unconfirmed: the account works
 * as usual, and the menu says where the link went and offers a new one. Drawn by VerifyReminder (header.tsx),
 * which loads it only for such an account.
 */
export function VerifyReminderMenu({ email }: { email: string }) {
  const { t } = useTranslation();
  const language = useActiveLanguage();
  const mailLate = useStore(mailLateStore, (s) => s.late);

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
        title: t('verify.pill'),
        children: (
          <svg
            aria-hidden="true"
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 7l9 6 9-6" />
          </svg>
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
