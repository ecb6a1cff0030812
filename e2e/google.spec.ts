import {
  NOT_ALLOWED_EMAIL,
  allowedEmails,
  createAccount,
  expect,
  googleSignIn,
  loginForm,
  openGooglePopup,
  popupClosed,
  signIn,
  test,
} from './support/fixtures.ts';
import { startAccountChooser } from './support/account-chooser.ts';
import { accountExists, sessionCount } from './support/database.ts';

const NOT_AUTHORIZED = 'You are not authorized to access this application.';

test('an allow-listed Google account signs in through the popup and lands on the library', async ({
  page,
  browser,
  env,
  baseURL,
}) => {
  const user = env.nextGoogleUser();
  env.oidc.setUser(user);

  await page.goto('/login');
  await googleSignIn(page);
  await expect(page).toHaveURL('/library');
  await expect(page.getByRole('heading', { name: 'My Books' })).toBeVisible();
  expect(await accountExists(env.server, user.email)).toBe(true);

  // The account is a Google one: no password to change.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByTestId('profile-email')).toHaveText(user.email);
  await expect(page.getByText('Account managed by Google')).toBeVisible();
  await expect(page.getByLabel('New Password')).toHaveCount(0);

  // Signing in again (another browser) with the same Google account reuses the account.
  const context = await browser.newContext({ baseURL: baseURL! });
  const other = await context.newPage();
  await other.goto('/login');
  await googleSignIn(other);
  await expect(other).toHaveURL('/library');
  await other.goto('/account/profile');
  await expect(other.getByTestId('profile-email')).toHaveText(user.email);
  await context.close();
});

test('Sign Out of a Google account goes to /login', async ({ page, env }) => {
  env.oidc.setUser(env.nextGoogleUser());
  await page.goto('/login');
  await googleSignIn(page);
  await expect(page).toHaveURL('/library');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  // docs/product.md §2: "Sign Out signs out and goes to /login" -- not to the provider's end-session page.
  await expect(page).toHaveURL('/login');
  await page.goto('/library');
  await expect(page).toHaveURL('/login');
});

test('a Google sign-in returns to the remembered origin', async ({ page, env }) => {
  env.oidc.setUser(env.nextGoogleUser());
  await page.goto('/about');
  await expect(page).toHaveURL('/login');
  await googleSignIn(page);
  await expect(page).toHaveURL('/about');
});

test('a Google account whose address is not allow-listed is refused and leaves no account', async ({
  page,
  env,
}) => {
  env.oidc.setUser({ sub: 'google-sub-stranger', email: NOT_ALLOWED_EMAIL, name: 'Stranger' });

  await page.goto('/login');
  await googleSignIn(page);
  await expect(page.getByRole('alert')).toHaveText(NOT_AUTHORIZED);
  await expect(page).toHaveURL('/login');
  await expect(loginForm(page).google).toBeEnabled();
  expect(await accountExists(env.server, NOT_ALLOWED_EMAIL)).toBe(false);

  await page.goto('/library');
  await expect(page).toHaveURL('/login');
});

test('an existing Google account whose address was removed from the allow-list is refused', async ({
  page,
  browser,
  env,
}) => {
  const user = env.nextGoogleUser();
  env.oidc.setUser(user);

  // The account is made while the address is allowed...
  await page.goto('/login');
  await googleSignIn(page);
  await expect(page).toHaveURL('/library');
  expect(await accountExists(env.server, user.email)).toBe(true);
  const sessionsBefore = await sessionCount(env.server, user.email);

  // ...then a server over the same data whose allow-list no longer has it.
  const narrowed = await env.startExtraServer({
    dataDir: env.server.dataDir,
    env: { ALLOWED_EMAILS: allowedEmails.filter((email) => email !== user.email).join(',') },
  });
  const context = await browser.newContext({ baseURL: narrowed.baseURL });
  const other = await context.newPage();
  await other.goto('/login');
  await googleSignIn(other);
  await expect(other.getByRole('alert')).toHaveText(NOT_AUTHORIZED);
  await expect(other).toHaveURL('/login');
  await other.goto('/library');
  await expect(other).toHaveURL('/login');
  await context.close();

  // The account stays (it is only kept out), and no session was made for it.
  expect(await accountExists(env.server, user.email)).toBe(true);
  expect(await sessionCount(env.server, user.email)).toBe(sessionsBefore);
});

test('Google sign-in to an address that already has a password account does not take it over', async ({
  page,
  env,
  request,
  baseURL,
}) => {
  const user = env.nextGoogleUser();
  await createAccount(request, baseURL!, user.email);
  env.oidc.setUser(user);

  await page.goto('/login');
  await googleSignIn(page);
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists.');
  await expect(page).toHaveURL('/login');
  expect(await sessionCount(env.server, user.email), 'only the sign-up session').toBe(1);

  // The password still signs in, and the account is not a Google one.
  await signIn(page, user.email);
  await page.goto('/account/profile');
  await expect(page.getByLabel('New Password')).toBeVisible();
});

test('closing the Google popup before it finishes shows "Sign-in was cancelled."', async ({
  browser,
  env,
}) => {
  // A provider with a sign-in screen, so the popup stays open at the provider until the user acts.
  const chooser = await startAccountChooser(env.oidc.issuer);
  try {
    const server = await env.startExtraServer({ env: { GOOGLE_ISSUER: chooser.issuer } });
    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    env.oidc.setUser(env.nextGoogleUser());

    await page.goto('/login');
    const popup = await openGooglePopup(page);
    await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await popup.close();

    await expect(page.getByRole('alert')).toHaveText('Sign-in was cancelled.');
    await expect(page).toHaveURL('/login');
    await expect(loginForm(page).google).toBeEnabled();

    // Nothing is left half-open: the next attempt, completed at the provider, signs in.
    const again = await openGooglePopup(page);
    await again.getByRole('link', { name: 'Continue' }).click();
    await popupClosed(again);
    await expect(page).toHaveURL('/library');
    await context.close();
  } finally {
    await chooser.close();
  }
});

test('a blocked popup shows the pop-up message', async ({ page }) => {
  // What a browser that blocks pop-ups does: window.open gives no window.
  await page.addInitScript({ content: 'window.open = () => null;' });
  await page.goto('/login');
  await loginForm(page).google.click();
  await expect(page.getByRole('alert')).toHaveText(
    'Pop-up was blocked by your browser. Please allow pop-ups and try again.',
  );
  await expect(page).toHaveURL('/login');
});

test('without Google configured on the server the button says so and signs no one in', async ({
  browser,
  env,
}) => {
  const server = await env.startExtraServer({
    env: { GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined, GOOGLE_ISSUER: undefined },
  });
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  let popups = 0;
  page.on('popup', () => (popups += 1));
  await page.goto('/login');
  const google = loginForm(page).google;
  await expect(google).toHaveAttribute('title', 'Google sign-in is not configured on this server');
  await google.click();
  await expect(page.getByRole('alert')).toHaveText('This operation is not allowed.');
  expect(popups).toBe(0);
  await context.close();
});
