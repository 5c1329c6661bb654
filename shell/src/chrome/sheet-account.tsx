import { useTranslation } from 'react-i18next';
import { AvatarFace, useAccountActions } from './account-menu.tsx';
import { CreditDisplay } from './credit-display.tsx';
import styles from './header.module.css';

/**
 * The signed-in person in the phone's side sheet: their avatar with their name and plan beside it, the balance, and
 * every action as a visible button (Account settings and Logout among them) rather than a menu inside the sheet.
 * Part of the deferred chrome (radix-chrome.tsx), like the sheet that holds it.
 */
export function SheetAccount({ onAction, closeThen }: { onAction: () => void; closeThen: (action: () => void) => void }) {
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
            <button
              type="button"
              className={styles.sheetLink}
              // A dialog of another app opens once the sheet has closed and given the focus back to the menu button,
              // so that is where the dialog gives it back in turn (not to this button, hidden with the sheet).
              onClick={action.opensDialog ? () => closeThen(action.onSelect) : action.onSelect}
              data-testid={action.testId}
            >
              {action.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
