import { PASSWORD, createAccount, expect, loginForm, signIn, test } from './support/fixtures.ts';

const NEW_PASSWORD = 'reset-Password-2';

test('reset through the real SMTP sink: the mailed link sets a new password that then signs in', async ({
  page,
  env,
  request,
  baseURL,
}) => {
  const email = env.nextEmail();
  await createAccount(request, baseURL!, email);
  const mailsBefore = env.smtp.messages.length;

  await page.goto('/forgot-password');
  await page.getByPlaceholder('Enter Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your email.', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'If your email is registered in our system, you will receive a password reset link shortly.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

  const mail = await env.smtp.waitForMail(email, { since: mailsBefore });
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  expect(link, `a link in the mail:\n${mail.text}`).toBeTruthy();
  expect(new URL(link!).origin, 'the link points at the product (PUBLIC_URL)').toBe(baseURL);

  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page).toHaveTitle('Threadbook - Login');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByPlaceholder('Enter new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/login');
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(PASSWORD);
  await form.signIn.click();
  await expect(page.getByRole('alert')).toHaveText('Email/Password combination invalid or incorrect.');
  await form.password.fill(NEW_PASSWORD);
  await form.signIn.click();
  await expect(page).toHaveURL('/library');

  // A used link is dead.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto(link!);
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
});

test('an address without an account gets the same confirmation and no mail', async ({ page, env }) => {
  const email = env.nextEmail();
  const mailsBefore = env.smtp.messages.length;
  await page.goto('/forgot-password');
  await page.getByPlaceholder('Enter Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your email.', { exact: true })).toBeVisible();
  await expect(env.smtp.waitForMail(email, { since: mailsBefore, timeoutMs: 1_500 })).rejects.toThrow(
    /no mail/,
  );
});

test('the reset link from the mail still works after signing in elsewhere, and ends that session', async ({
  page,
  browser,
  env,
  request,
  baseURL,
}) => {
  const email = env.nextEmail();
  await createAccount(request, baseURL!, email);
  // Signed in in a second browser context.
  const other = await browser.newContext({ baseURL: baseURL! });
  const otherPage = await other.newPage();
  await signIn(otherPage, email);

  const mailsBefore = env.smtp.messages.length;
  await page.goto('/forgot-password');
  await page.getByPlaceholder('Enter Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your email.', { exact: true })).toBeVisible();
  const mail = await env.smtp.waitForMail(email, { since: mailsBefore });
  const link = /https?:\/\/\S+/.exec(mail.text)![0];
  await page.goto(link);
  await page.getByPlaceholder('Enter new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();

  // The other browser's session was revoked: its next visit is signed out.
  await otherPage.goto('/about');
  await expect(otherPage).toHaveURL('/login');
  await other.close();
});
