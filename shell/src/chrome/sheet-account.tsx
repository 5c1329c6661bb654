import { useTranslation } from 'react-i18next';
import { AvatarFace, useAccountActions } from './account-menu.tsx';
import { CreditDisplay } from './credit-display.tsx';
import styles from './header.module.css';

/**
 * The signed-in person in the phone's side sheet: their avatar with their name and plan beside it, the balance, and
 * every action as a visible button (Account settings and Logout among them) rather than a menu inside the sheet.
 * Part of the deferred chrome (radix-chrome.tsx), like the sheet that holds it.
 */
export function SheetAccount({ onAction }: { onAction: () => void }) {
  const { t } = useTranslation();
  const account = useAccountActions(onAction);
  if (!account) return null;
  const { user, plan, actions } = account;
  return (
    <section className={styles.sheetAccount} aria-label={t('account.menu', { name: user.username })} data-testid="sheet-account">
      <div className={styles.sheetWho}>
        <span className={styles.avatar}>
          <AvatarFace user={user} />
        </span>
        <span className={styles.sheetName}>
          <strong>{user.username}</strong>
          <span className={styles.planName}>{plan}</span>
        </span>
      </div>
      <CreditDisplay />
      <ul className={styles.sheetLinks}>
        {actions.map((action) => (
          <li key={action.key}>
            <button type="button" className={styles.sheetLink} onClick={action.onSelect} data-testid={action.testId}>
              {action.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
