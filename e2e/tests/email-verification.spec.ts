import { expect, test } from '../support/test.ts';
import { freshEmail } from '../support/accounts.ts';
import { tokenLink } from '../support/mailbox.ts';

test('a new account is reminded in the header until the address is confirmed from the mailed link', async ({ page, mailbox }) => {
  const email = freshEmail();
  await page.goto('/en/auth?mode=register');
  await page.getByLabel('Name').fill('Katherine Johnson');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('orbital mechanics');
  await page.getByRole('button', { name: 'Create account' }).click();

  const header = page.getByTestId('site-header');
  const reminder = header.getByRole('button', { name: 'Confirm your email' });
  await expect(reminder).toBeVisible();
  await reminder.click();
  await expect(page.getByRole('menu')).toContainText(`We sent a link to ${email}.`);
  await page.getByRole('menuitem', { name: 'Resend the link' }).click();
  await expect(page.getByText(`We sent a new link to ${email}.`)).toBeVisible();

  // The sign-up mail and the resent one: either link confirms; the newest is the one a person would open.
  await expect.poll(() => mailbox.to(email).length).toBe(2);
  const mail = mailbox.to(email).at(-1);
  expect(mail?.subject).toBe('Confirm your email address for Reelmint');
  const link = tokenLink(mail, '/en/verify-email');
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Your email address is confirmed' })).toBeVisible();
  await expect(page.getByTestId('verify-email')).toContainText(email);
  await expect(reminder).toHaveCount(0);

  // Opened again, the used link says so instead of confirming twice, and the reminder stays away after a reload.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByText('This link has already been used, or a newer link replaced it.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(reminder).toHaveCount(0);
});

test('a confirmation link that was cut short shows a page in the visitor’s language with a way forward', async ({ page }) => {
  await page.goto('/de/verify-email?token=thisTokenWasCutShortWhenCopied');
  await expect(page.getByRole('heading', { name: 'Dieser Link kann nicht verwendet werden' })).toBeVisible();
  await expect(page.getByText('Dieser Link ist ungültig.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/de/auth');
});
