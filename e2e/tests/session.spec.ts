import { expect, test } from '../support/test.ts';
import { openAccountMenu, signInWithForm } from '../support/accounts.ts';
import type { Page } from '@playwright/test';

test.use({ accountName: 'Ada Lovelace' });

/** A session whose token expired a minute ago, as a tab left open overnight keeps it. */
async function keepExpiredSession(page: Page) {
  await page.addInitScript(() => {
    const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 })).replace(/=+$/, '');
    localStorage.setItem('token', `h.${payload}.s`);
    localStorage.setItem('user', JSON.stringify({ username: 'Old session' }));
  });
}

test('signing in through /auth shows credits and the account menu; header logout goes home', async ({ page, account }) => {
  await signInWithForm(page, account, '/auth?returnTo=/pricing');
  await expect(page).toHaveURL(/\/en\/pricing$/);

  const header = page.getByTestId('site-header');
  await expect(header.getByTestId('credit-display')).toHaveText('100 credits');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await header.getByRole('button', { name: /Account menu for Ada Lovelace/ }).click();
  await expect(page.getByTestId('account-username')).toHaveText('Ada Lovelace');
  await expect(page.getByTestId('account-plan')).toHaveText('Free plan');
  await expect(page.getByRole('menuitem', { name: 'Upgrade plan' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/en$/);
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('Upgrade plan opens the subscription modal from billing, and it closes with Escape', async ({ signedInPage: page }) => {
  await page.goto('/faqs');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Upgrade plan' }).click();
  const modal = page.getByRole('dialog', { name: 'This video needs AI credits to continue' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: /Yearly/ })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});

test('the header says "Credits unavailable" when the balance cannot be loaded', async ({ signedInPage: page }) => {
  await page.route('**/api/user/credits', (route) => route.abort('connectionrefused'));
  await page.goto('/pricing');
  await expect(page.getByTestId('credit-display')).toHaveText('Credits unavailable');
});

test('an expired session is ended on load: warning, token cleared, sent to /auth', async ({ page }) => {
  await keepExpiredSession(page);
  await page.goto('/pricing');
  await expect(page).toHaveURL(/\/en\/auth$/);
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('on /fr/auth a wrong password and an expired session are said in French', async ({ page, account }) => {
  await page.goto('/fr/auth');
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou mot de passe incorrect.');

  await keepExpiredSession(page);
  await page.goto('/fr/pricing');
  await expect(page).toHaveURL(/\/fr\/auth$/);
  await expect(page.getByText('Votre session a expiré. Veuillez vous reconnecter.')).toBeVisible();
});
