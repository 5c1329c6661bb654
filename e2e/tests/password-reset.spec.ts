import { expect, test } from '../support/test.ts';
import { tokenLink } from '../support/mailbox.ts';
import { untilInteractive } from '../support/routes.ts';

test('a forgotten password is reset from the link in the mail; the person is signed in and the link then stops working', async ({
  page,
  api,
  signUp,
  mailbox,
}) => {
  const { email } = await signUp('Grace Hopper', { password: 'my old password' });

  await page.goto('/en/auth');
  await untilInteractive(page);
  // The address typed to sign in comes along, and stays out of the address bar.
  await page.getByLabel('Email').fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/en\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused();
  await expect(page.getByTestId('forgot-sent')).toContainText(email);
  await expect(page.getByTestId('mail-late')).toHaveCount(0);

  // Sign-up also mailed a confirmation link: the reset mail is the one with a reset link.
  const resets = () => mailbox.to(email).filter((m) => m.text.includes('/reset-password?token='));
  await expect.poll(() => resets().length).toBe(1);
  const [mail] = resets();
  expect(mail?.subject).toBe('Reset your Reelmint password');
  const link = tokenLink(mail, '/en/reset-password');
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByTestId('reset-password')).toContainText(email);
  await page.getByLabel('New password', { exact: true }).fill('my new password');
  await page.getByLabel('Repeat the new password').fill('my new passw0rd');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same.');
  await page.getByLabel('Repeat the new password').fill('my new password');
  await page.getByRole('button', { name: 'Save the new password' }).click();

  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page.getByTestId('site-header').getByRole('button', { name: /Account menu for Grace Hopper/ })).toBeVisible();

  expect((await api.post('/api/auth/login', { data: { email, password: 'my old password' } })).status()).toBe(401);
  expect((await api.post('/api/auth/login', { data: { email, password: 'my new password' } })).status()).toBe(200);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByText('This link has already been used.')).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/en\/forgot-password$/);
});

test('a reset link that was cut short shows a page in the visitor’s language with a way to ask again', async ({ page }) => {
  await page.goto('/fr/reset-password?token=thisTokenWasCutShortWhenCopied');
  await expect(page.getByRole('heading', { name: 'Ce lien ne peut pas être utilisé' })).toBeVisible();
  await expect(page.getByText('Ce lien n’est pas valide.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/fr/forgot-password');
});
