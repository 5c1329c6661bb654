import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test.ts';
import { signInWithForm } from '../support/accounts.ts';
import { API } from '../support/origins.ts';
import { shipped } from '../support/routes.ts';

/** A real 2x2 PNG, small enough to write here. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR42mP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

test('a new name and picture from /account show in the header, and stay after a reload', async ({ page, signUp }) => {
  const account = await signUp('Mary Jackson');
  await signInWithForm(page, account);
  const header = page.getByTestId('site-header');
  await header.getByRole('button', { name: 'Account menu for Mary Jackson' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/en\/account$/);
  await expect(page.getByRole('heading', { name: 'Account settings', level: 1 })).toBeVisible();

  await page.getByLabel('Name').fill('Mary W. Jackson');
  await page.getByRole('button', { name: 'Save the name' }).click();
  await expect(page.getByTestId('name-status')).toHaveText('Your name has been saved.');
  const avatar = header.getByRole('button', { name: 'Account menu for Mary W. Jackson' });
  await expect(avatar).toHaveText('M');

  await page.getByLabel('Picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('picture-status')).toHaveText('Your picture has been updated.');
  const picture = avatar.locator('img');
  await expect(picture).toHaveAttribute('src', new RegExp(`^${API}/api/account/picture/[a-f0-9]{32}\\.png$`));
  // The header shows the picture itself, loaded from the API, instead of the initial.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);

  await page.reload();
  await expect(header.getByRole('button', { name: 'Account menu for Mary W. Jackson' }).locator('img')).toHaveAttribute('src', /\/api\/account\/picture\//);
  await expect(page.getByTestId('settings-picture')).toBeVisible();

  await page.getByRole('button', { name: 'Remove the picture' }).click();
  await expect(page.getByTestId('picture-status')).toHaveText('Your picture has been removed.');
  await expect(header.getByRole('button', { name: 'Account menu for Mary W. Jackson' })).toHaveText('M');

  // 'Download my data' hands over one JSON file with the account as it now is.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^reelmint-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, unknown>;
  expect(data).toMatchObject({
    format: 'reelmint-account-export/1',
    account: { email: account.email, name: 'Mary W. Jackson', pictureUrl: null, signsInWithGoogle: false },
    subscription: { plan: 'free', scheduledChange: null },
    ledger: [expect.objectContaining({ source: 'signup', amount: 100, balanceAfter: 100 })],
    payments: [],
    receipts: [],
    roles: [],
    shares: [],
  });
  expect(JSON.stringify(data)).not.toContain(account.password);
  await expect(page.getByTestId('data-status')).toHaveText('Your data has been downloaded.');
});

test('a wrong current password changes nothing; the right one signs out the other devices', async ({ page, browser, signUp }) => {
  const account = await signUp('Dorothy Vaughan');
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signInWithForm(other, account);
  await expect(other.getByTestId('site-header').getByRole('button', { name: 'Account menu for Dorothy Vaughan' })).toBeVisible();

  await signInWithForm(page, account, '/en/auth?returnTo=/account');
  await expect(page).toHaveURL(/\/en\/account$/);
  // Signed in three times: the sign-up itself, the other browser and this one.
  const sessions = page.getByTestId('sessions');
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await expect(sessions).toContainText('This device');

  await page.getByLabel('Current password', { exact: true }).last().fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('a newer password');
  await page.getByLabel('Repeat the new password').fill('a newer password');
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(page.getByTestId('password-status')).toHaveText('The current password is not correct. Nothing was changed.');
  await expect(sessions.getByRole('listitem')).toHaveCount(3);

  await page.getByLabel('Current password', { exact: true }).last().fill(account.password);
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(page.getByTestId('password-status')).toHaveText('Your password has been changed. Your other devices have been signed out.');
  await page.reload();
  await expect(page.getByTestId('sessions').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('You are signed in only here.')).toBeVisible();

  // The other browser's session has ended: on its next page it is signed out and asked to sign in.
  await other.goto('/en/account');
  await expect(other.getByTestId('site-header').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(other.getByText('Sign in to see and change your account settings.')).toBeVisible();
  await elsewhere.close();
});

test('a weak new password is refused with a meter and the reason, by the page and by the server; each try says what is wrong now', async ({
  page,
  api,
  signUp,
}) => {
  const account = await signUp('Annie Easley');
  const refused = await api.post('/api/account/password', { headers: account.headers, data: { currentPassword: account.password, newPassword: 'qwertyuiop' } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ error: 'WEAK_PASSWORD', reason: 'common' });

  await signInWithForm(page, account, '/en/auth?returnTo=/account');
  await expect(page).toHaveURL(/\/en\/account$/);
  // The page says which plan this is and where to change it, see its receipts and its credits.
  const plan = page.getByTestId('plan-section');
  await expect(plan.getByTestId('plan-name')).toHaveText('Free plan');
  await expect(plan.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/en/pricing');
  await expect(plan.getByRole('link', { name: 'Receipts' })).toHaveAttribute('href', '/en/pricing?show=receipts');
  const status = page.getByTestId('password-status');
  const next = page.getByLabel('New password', { exact: true });
  const repeat = page.getByLabel('Repeat the new password');
  await page.getByLabel('Current password', { exact: true }).last().fill(account.password);
  await next.fill('password');
  await repeat.fill('password');
  const meter = page.getByTestId('password-strength');
  await expect(meter).toContainText('Strength: very weak');
  await expect(next).toHaveAccessibleDescription(/This is one of the most used passwords/);
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(status).toHaveText('This is one of the most used passwords, among the first an attacker tries.');

  // A strong password typed twice differently: the weakness is no longer what is wrong, and is not left on screen.
  await next.fill('lantern orbit pebble');
  await expect(status).toBeEmpty();
  await repeat.fill('lantern orbit pebbles');
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(status).toHaveText(shipped('shell', 'en', 'password.mismatch'));

  await repeat.fill('lantern orbit pebble');
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(status).toHaveText('Your password has been changed. Your other devices have been signed out.');
  // The emptied form judges nothing until the next password.
  await expect(next).toHaveValue('');
  await expect(meter).toBeEmpty();
});

test('the language chosen in the settings is applied at the next sign-in', async ({ page, signUp }) => {
  const account = await signUp('Hedy Lamarr');
  await signInWithForm(page, account, '/en/auth?returnTo=/account');
  await page.getByLabel('Preferred language').selectOption('fr');
  await page.getByRole('button', { name: 'Save the language' }).click();
  await expect(page).toHaveURL(/\/fr\/account$/);
  await expect(page.getByRole('heading', { name: 'Paramètres du compte', level: 1 })).toBeVisible();

  await page
    .getByTestId('site-header')
    .getByRole('button', { name: /Hedy Lamarr/ })
    .click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await signInWithForm(page, account, '/en/auth');
  await expect(page).toHaveURL(/\/fr$/);
});

test('deleting the account from /account: a dialog names what is lost, a wrong password deletes nothing, and afterwards the old credentials no longer sign in', async ({
  page,
  signUp,
  api,
}) => {
  const account = await signUp('Katherine Johnson');
  const { email, password } = account;
  await signInWithForm(page, account, '/en/auth?returnTo=/account');
  await expect(page).toHaveURL(/\/en\/account$/);

  const opener = page.getByRole('button', { name: 'Delete my account…' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText([
    'your videos, and the links you shared stop working',
    'the pictures you uploaded and your profile picture',
    'your remaining credits',
    'your subscription, cancelled at once',
    'your profile, settings and every sign-in',
  ]);
  // Focus starts in the password field; Escape keeps the account and gives focus back to the opener.
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByTestId('delete-status')).toHaveText('The password is not correct. Nothing was deleted.');
  await page.reload();
  await expect(page.getByTestId('account-page')).toBeVisible();

  await page.getByRole('button', { name: 'Delete my account…' }).click();
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('heading', { name: 'Your account has been deleted', level: 1 })).toBeFocused();
  await expect(page.getByTestId('account-deleted')).toContainText(`We sent a last email to ${email}.`);
  await expect(page.getByTestId('site-header').getByRole('link', { name: 'Login' })).toBeVisible();

  await signInWithForm(page, account);
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page).toHaveURL(/\/en\/auth/);
  // The address is free again: it makes a new account.
  const again = await api.post('/api/auth/register', { data: { name: 'Katherine Johnson', email, password } });
  expect(again.status()).toBe(201);
});
