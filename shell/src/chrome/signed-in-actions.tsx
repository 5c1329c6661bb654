import { AccountMenu } from './account-menu.tsx';
import { CreditDisplay } from './credit-display.tsx';

/**
 * The bar's actions for a signed-in person: the balance and the account menu. Loaded only once someone is signed in:
 * a page is drawn and taken over signed out (the server never sees the session), so a visitor's first load never
 * carries them.
 */
export function SignedInActions({ onAction }: { onAction?: (() => void) | undefined }) {
  return (
    <>
      <CreditDisplay />
      <AccountMenu onAction={onAction} />
    </>
  );
}
