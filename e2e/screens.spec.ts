import {
  checkScreen,
  createAccount,
  expect,
  googleSignIn,
  test,
  signInNewAccount,
} from './support/fixtures.ts';

/**
 * Every screen once: a full-page screenshot into test-results/screens/ and an axe-core check (no serious or
 * critical WCAG 2 A/AA violation).
 */
test('onboarding screens: login, signup, forgot-password, reset-password', async ({
  page,
  env,
  request,
  baseURL,
}, testInfo) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await checkScreen(page, testInfo, 'login');

  // With a message showing, too.
  await page.getByPlaceholder('Enter Email').fill('stranger@example.com');
  await page.getByPlaceholder('Enter password').fill('whatever-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await checkScreen(page, testInfo, 'login-error');

  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await checkScreen(page, testInfo, 'signup');

  const email = env.nextEmail();
  await createAccount(request, baseURL!, email);
  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  await checkScreen(page, testInfo, 'forgot-password');

  const mailsBefore = env.smtp.messages.length;
  await page.getByPlaceholder('Enter Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your email.', { exact: true })).toBeVisible();
  await checkScreen(page, testInfo, 'forgot-password-sent');

  const mail = await env.smtp.waitForMail(email, { since: mailsBefore });
  await page.goto(/https?:\/\/\S+/.exec(mail.text)![0]);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await checkScreen(page, testInfo, 'reset-password');
});

test('signed-in screens: library, profile, deletion dialog, about, reader', async ({
  page,
  env,
  baseURL,
}, testInfo) => {
  // Five screens, each with an axe check, the reader with a drawn PDF page: more than one screen's time.
  test.slow();
  await signInNewAccount(page, baseURL!, env.nextEmail());

  await page.goto('/library');
  await expect(page.getByRole('heading', { name: 'My Books' })).toBeVisible();
  await checkScreen(page, testInfo, 'library-signed-in');

  await page.goto('/account/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await checkScreen(page, testInfo, 'profile');

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete your account?' })).toBeVisible();
  await checkScreen(page, testInfo, 'profile-delete-dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();

  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'About the Project' })).toBeVisible();
  await checkScreen(page, testInfo, 'about');

  await page.goto('/reader/1');
  await expect(page).toHaveTitle('Threadbook - Reader');
  await expect(page.locator('.pdf-page[data-painted="true"]').first()).toBeVisible();
  await checkScreen(page, testInfo, 'reader');
});

test('the profile of a Google account', async ({ page, env }, testInfo) => {
  env.oidc.setUser(env.nextGoogleUser());
  await page.goto('/login');
  await googleSignIn(page);
  await expect(page).toHaveURL('/library');
  await page.goto('/account/profile');
  await expect(page.getByText('Account managed by Google')).toBeVisible();
  await checkScreen(page, testInfo, 'profile-google');
});
