import { expect, test } from '../support/test.ts';
import { freshEmail, openAccountMenu, signInWithForm } from '../support/accounts.ts';
import { shipped, untilInteractive } from '../support/routes.ts';
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

test('the header’s Login comes back to the page it was pressed on, in the same language, with its query', async ({ page, account }) => {
  await page.goto('/fr/pricing?cycle=yearly');
  await untilInteractive(page);
  await page
    .getByTestId('site-header')
    .getByRole('link', { name: shipped('shell', 'fr', 'header.login') })
    .click();
  await expect(page).toHaveURL(/\/fr\/auth\?returnTo=%2Fpricing%3Fcycle%3Dyearly$/);
  await page.getByLabel(shipped('shell', 'fr', 'auth.email'), { exact: true }).fill(account.email);
  await page.getByLabel(shipped('shell', 'fr', 'auth.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: shipped('shell', 'fr', 'auth.loginSubmit') }).click();
  await expect(page).toHaveURL(/\/fr\/pricing\?cycle=yearly$/);
  await expect(page.getByTestId('site-header').getByTestId('credit-display')).toBeVisible();
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

test('signing up: a weak password is refused with a meter and the reason, then the new account starts in the studio with a welcome', async ({ page, api }) => {
  // The browser's meter is a help; the server is the rule.
  const weak = await api.post('/api/auth/register', { data: { name: 'Ada Lovelace', email: freshEmail(), password: 'password' } });
  expect(weak.status()).toBe(400);
  expect(await weak.json()).toMatchObject({ success: false, error: 'WEAK_PASSWORD', reason: 'common' });

  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(request.url()));
  await page.goto('/en/auth?mode=register');
  await untilInteractive(page);
  await page.waitForLoadState('networkidle');
  // The strength rule's dictionaries come with the first use of the field, never with the page.
  const rule = (url: string) => /\/password-strength-(?!meter-)[\w-]+\.js$/.test(url);
  expect(scripts.filter(rule)).toEqual([]);

  const email = freshEmail();
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  const submit = page.getByRole('button', { name: 'Create account' });
  // Where the button stands on the page (not in the window, which may have scrolled).
  const submitTop = () => submit.evaluate((button) => button.getBoundingClientRect().top + window.scrollY);
  const before = await submitTop();
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('password');
  const meter = page.getByTestId('password-strength');
  await expect(meter).toContainText('Strength: very weak');
  await expect(meter).toContainText('This is one of the most used passwords');
  expect(scripts.filter(rule)).toHaveLength(1);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('This is one of the most used passwords, among the first an attacker tries.');
  await expect(page).toHaveURL(/\/en\/auth\?mode=register$/);

  // The next problem replaces the last one: the stale reason goes as soon as the password changes.
  await password.fill('adalovelace');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(meter).toContainText('It contains your name or email address');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('It contains your name or email address, which makes it easy to guess.');

  await password.fill('lantern orbit pebble');
  await expect(meter).toHaveAttribute('data-acceptable', 'true');
  // The line the verdict is written on was kept free from the start: with nothing to refuse, the button a person is
  // reaching for stands where it stood before the first key.
  expect(await submitTop()).toBe(before);
  await page.getByRole('button', { name: 'Create account' }).click();
  // A new account lands in the studio, told that its free credits are there, not on the page inviting it to sign up.
  await expect(page).toHaveURL(/\/en\/text-to-video\/generator$/);
  await expect(
    page.getByText(`Welcome, Ada Lovelace! Your free credits are in your account: 100 credits. Confirm your email with the link we sent to ${email}.`),
  ).toBeVisible();
  await expect(page.getByTestId('site-header').getByTestId('credit-display')).toHaveText('100 credits');
});

test('every way to start for free leads to the same place: the studio', async ({ page }) => {
  const studio = '/en/text-to-video/generator';
  await page.goto('/en');
  const header = page.getByTestId('site-header');
  await expect(header.getByRole('link', { name: 'Try it free' })).toHaveAttribute('href', studio);
  const hero = page.locator('[data-remote-region="marketing"] section').first();
  await expect(hero.getByRole('link', { name: shipped('marketing', 'en', 'home.cta') })).toHaveAttribute('href', studio);
  await page.goto('/en/pricing');
  await expect(page.getByTestId('plan-card-free').getByRole('link', { name: 'Start for free' })).toHaveAttribute('href', studio);
  await header.getByRole('link', { name: 'Try it free' }).click();
  await expect(page).toHaveURL(new RegExp(`${studio}$`));
});

test('signing up with an address the browser takes but the server would not ("ada@example") says so at the field, sending nothing', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/register')) sent.push(request.url());
  });
  await page.goto('/en/auth?mode=register');
  await untilInteractive(page);
  await page.getByLabel('Name').fill('Ada Lovelace');
  const email = page.getByLabel('Email');
  await email.fill('ada@example');
  await page.getByLabel('Password', { exact: true }).fill('lantern orbit pebble');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Enter a full email address, like name@example.com.');
  expect(sent).toEqual([]);
  // Mending the address takes the message away.
  await email.fill(freshEmail());
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('Enter a full email address')).toHaveCount(0);
});

test('the sign-in page’s two tabs work as a tab list: one tab stop, arrow keys between them, each naming the form it shows', async ({ page }) => {
  await page.goto('/en/auth');
  await untilInteractive(page);
  const login = page.getByRole('tab', { name: 'Login' });
  const register = page.getByRole('tab', { name: 'Register' });
  await expect(register).toHaveAttribute('tabindex', '-1');
  await expect(page.getByRole('tabpanel', { name: 'Login' })).toBeVisible();
  await login.focus();
  await page.keyboard.press('ArrowRight');
  await expect(register).toBeFocused();
  await expect(register).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Register' })).toContainText('Name');
  await expect(page.getByText('A new account starts with free credits to make your first videos.')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(login).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Login' })).not.toContainText('Name');
});

test('the person’s other tab follows a spend and a sign-out made in this one, without a reload or a focus', async ({ signedInPage: page, context }) => {
  await page.goto('/en/pricing');
  await expect(page.getByTestId('credit-display')).toHaveText('100 credits');
  const studio = await context.newPage();
  await studio.goto('/en/text-to-video/generator');
  await studio.getByLabel('Prompt').fill('A lighthouse at dusk, waves breaking on the rocks');
  await studio.getByTestId('generate-button').click();
  await expect(studio.getByTestId('credit-display')).toHaveText('90 credits');
  // The pricing tab was never brought back: it hears of the spend from the studio's tab.
  await expect(page.getByTestId('credit-display')).toHaveText('90 credits');

  await openAccountMenu(studio);
  await studio.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByTestId('site-header').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('credit-display')).toHaveCount(0);
});
