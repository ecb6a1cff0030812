import {
  NOT_ALLOWED_EMAIL,
  PASSWORD,
  createAccount,
  expect,
  loginForm,
  signIn,
  test,
} from './support/fixtures.ts';
import { accountExists } from './support/database.ts';

const NOT_AUTHORIZED = 'You are not authorized to access this application.';
const INVALID_CREDENTIALS = 'Email/Password combination invalid or incorrect.';

test.describe('sign-up', () => {
  test('an allow-listed address (in any letter case) creates an account and lands on the library', async ({
    page,
    env,
  }) => {
    const email = env.nextEmail();
    await page.goto('/signup');
    await expect(page).toHaveTitle('Threadbook - Login');
    await page.getByPlaceholder('Enter Email').fill(email.toUpperCase());
    await page.getByPlaceholder('Enter password').fill(PASSWORD);
    const submit = page.getByRole('button', { name: 'Create Account' });
    await submit.click();

    await expect(page).toHaveURL('/library');
    await expect(page).toHaveTitle('Threadbook - Library');
    await expect(page.getByRole('heading', { name: 'My Books' })).toBeVisible();
    expect(await accountExists(env.server, email)).toBe(true);

    // The account signs in again after signing out.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/login');
    await signIn(page, email);
    await expect(page).toHaveURL('/library');
  });

  test('an address that is not on the allow-list is refused and no account is created', async ({
    page,
    env,
  }) => {
    await page.goto('/signup');
    await page.getByPlaceholder('Enter Email').fill(NOT_ALLOWED_EMAIL);
    await page.getByPlaceholder('Enter password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByRole('alert')).toHaveText(NOT_AUTHORIZED);
    await expect(page).toHaveURL('/signup');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(await accountExists(env.server, NOT_ALLOWED_EMAIL)).toBe(false);

    // Not signed in: a private screen still sends the visitor to the login screen.
    await page.goto('/library');
    await expect(page).toHaveURL('/login');
  });

  test('an address that already has an account and a short password get their messages', async ({
    page,
    env,
    request,
    baseURL,
  }) => {
    const email = env.nextEmail();
    await createAccount(request, baseURL!, email);

    await page.goto('/signup');
    await page.getByPlaceholder('Enter Email').fill(email);
    await page.getByPlaceholder('Enter password').fill('another-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('An account with this email already exists.');

    await page.getByPlaceholder('Enter Email').fill(env.nextEmail());
    await page.getByPlaceholder('Enter password').fill('12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password should be at least 6 characters long.');
    await expect(page).toHaveURL('/signup');
  });
});

test.describe('sign-in', () => {
  test('a wrong password is refused with the message of docs/product.md §8; the right one then signs in', async ({
    page,
    account: email,
  }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Threadbook - Login');
    const form = loginForm(page);
    await form.email.fill(email);
    await form.password.fill('not-the-password');
    await form.signIn.click();
    await expect(page.getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
    await expect(page).toHaveURL('/login');
    await expect(form.signIn).toBeEnabled();

    await form.password.fill(PASSWORD);
    await form.signIn.click();
    await expect(page).toHaveURL('/library');
  });

  test('an allow-listed address without an account gets the same message as a wrong password', async ({
    page,
    env,
  }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.email.fill(env.nextEmail());
    await form.password.fill(PASSWORD);
    await form.signIn.click();
    await expect(page.getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
  });

  test('an address that is not on the allow-list is refused', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.email.fill(NOT_ALLOWED_EMAIL);
    await form.password.fill(PASSWORD);
    await form.signIn.click();
    await expect(page.getByRole('alert')).toHaveText(NOT_AUTHORIZED);
    await expect(page).toHaveURL('/login');
  });

  test('the button reads "Signing in..." while the sign-in is under way', async ({
    page,
    env,
    request,
    baseURL,
  }) => {
    const email = env.nextEmail();
    await createAccount(request, baseURL!, email);
    // Hold the real request briefly so the busy state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/sign-in/email', async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/login');
    const form = loginForm(page);
    await form.email.fill(email);
    await form.password.fill(PASSWORD);
    await form.signIn.click();
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL('/library');
  });
});

test.describe('onboarding screen', () => {
  test('the mode toggle switches between log in and sign up; reset mode hides it', async ({ page }) => {
    await page.goto('/login');
    const toggle = page.getByRole('group', { name: 'Log in or sign up' });
    await expect(toggle).toBeVisible();
    await expect(loginForm(page).signIn).toBeVisible();
    await expect(loginForm(page).google).toBeVisible();

    await page.getByPlaceholder('Enter Email').fill('someone@example.com');
    await toggle.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL('/signup');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await expect(loginForm(page).google).toBeHidden();
    await expect(page).toHaveTitle('Threadbook - Login');

    await toggle.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page).toHaveTitle('Threadbook - Login');
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(
      page.getByText("Enter your email address and we'll send you a link to reset your password."),
    ).toBeVisible();
    await expect(toggle).toBeHidden();
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('the e-mail input is a required e-mail field and the password is required', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await expect(form.email).toHaveAttribute('type', 'email');
    await expect(form.email).toHaveAttribute('required', '');
    await expect(form.password).toHaveAttribute('required', '');
    // The browser refuses to submit an empty form: the page stays and nothing is reported by the server.
    await form.signIn.click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
