/** On `npm start`'s real server with the Firebase Auth emulator. */
import { expect, test, waitingForAnswer, type Page } from './test';
import { ADMIN_ACCOUNT as ADMIN, registerShopper, SHOPPER_ACCOUNT as SHOPPER, signIn, unique } from './session';

test('register a new shopper: signed in, the navbar shows Profile and the username', async ({ page }) => {
  const id = unique();
  const username = `shopper${id}`.slice(0, 15);
  await page.goto('/register');
  await page.getByLabel('Email').fill(`new.${id}@makeup.test`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: `Account: ${username}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userLogged')))!)).toMatchObject({ username, type: 'User' });
});

test('registration shows each rule and refuses a bad form', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Username').fill('1bad');
  await page.getByLabel('Username').blur();
  await expect(page.getByText('username is required and must contain 8-15 characters starting with a letter. No spaces')).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('incorrect data, please check form');
  await expect(page.getByText('Please insert Valid email pattern')).toBeVisible();
  await expect(page.getByText('6 to 20 characters. at least one lower-case letter and one number. No special Characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret13');
  await page.getByLabel('Confirm password').blur();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('an email already in use gets a clear message', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email').fill(SHOPPER.email);
  await page.getByLabel('Username').fill(`someone${unique()}`.slice(0, 15));
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists. Sign in instead.');
});

test('sign-in failures: bad patterns, wrong password, unknown email', async ({ page }) => {
  await signIn(page, 'not-an-email', 'secret12');
  await expect(page.getByRole('alert')).toHaveText('Email or Password incorrect');
  await signIn(page, SHOPPER.email, 'wrong123');
  await expect(page.getByRole('alert')).toHaveText('Incorrect Password');
  await signIn(page, `nobody.${unique()}@makeup.test`, 'secret12');
  await expect(page.getByRole('alert')).toHaveText('User not Found.');
});

test('sign out goes to /login and forgets userLogged', async ({ page }) => {
  await signIn(page, SHOPPER.email, SHOPPER.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: `Account: ${SHOPPER.username}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('userLogged'))).toBeNull();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
});

test('the demo Admin sees the Admin link and reaches /admin/dashboard; a User is sent to /login', async ({ page, browser }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();
  const shopperPage = waitingForAnswer(await (await browser.newContext()).newPage());
  await signIn(shopperPage, SHOPPER.email, SHOPPER.password);
  await expect(shopperPage).toHaveURL(/\/home$/);
  await shopperPage.goto('/admin/dashboard');
  await expect(shopperPage).toHaveURL(/\/login$/);
});

test('Sign In with Google creates the shop user and signs in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('userLogged')))!);
  expect(user).toMatchObject({ email: 'google.shopper@makeup.test', type: 'User' });
  expect(user.username).toMatch(/^GoogleShopper\d+$/);
});

test('reset password: the empty-email message, then the confirmation', async ({ page }) => {
  await page.goto('/resetPassword');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByRole('button', { name: 'Get Email to reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your email');
  await page.getByLabel('Email').fill(SHOPPER.email);
  await page.getByRole('button', { name: 'Get Email to reset password' }).click();
  await expect(page.getByRole('status')).toHaveText('we sent you an email with a link to reset');
});

/**
 * Registers a new shopper (so no other test's account changes), opens Profile
 * from the account menu without reloading, renames them and gives them a
 * photo through 'Edit User'; answers the new name.
 */
async function editProfile(page: Page): Promise<string> {
  const { username } = await registerShopper(page);
  await page.getByRole('button', { name: `Account: ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
  await page.getByRole('button', { name: 'Edit User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  const renamed = `ana${unique()}`.slice(0, 15);
  await dialog.getByLabel('Name').fill(renamed);
  await dialog.getByLabel('Upload Image').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  });
  await expect(dialog.getByText('successful upload')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  return renamed;
}

test('edit the profile name and image', async ({ page }) => {
  const renamed = await editProfile(page);
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo of ${renamed}` })).toHaveAttribute('src', /uploads|blob:/);
});

test('an edited profile is shown after a reload', async ({ page }) => {
  const renamed = await editProfile(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo of ${renamed}` })).toHaveAttribute('src', /^\/uploads\//);
});

test('a reset request leaves a reset link for that email in the Auth emulator', async ({ page }) => {
  const { SERVER_AUTH_EMULATOR_PORT } = await import('~/playwright.config');
  await page.goto('/resetPassword');
  await page.getByLabel('Email').fill(SHOPPER.email);
  await page.getByRole('button', { name: 'Get Email to reset password' }).click();
  await expect(page.getByRole('status')).toHaveText('we sent you an email with a link to reset');
  const codes = (await (await fetch(`http://127.0.0.1:${SERVER_AUTH_EMULATOR_PORT}/emulator/v1/projects/demo-shop/oobCodes`)).json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[];
  };
  expect(codes.oobCodes).toContainEqual(
    expect.objectContaining({
      email: SHOPPER.email,
      requestType: 'PASSWORD_RESET',
      oobLink: expect.stringContaining('mode=resetPassword'),
    }),
  );
});
