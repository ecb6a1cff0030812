import { expect, signIn, test, signInNewAccount } from './support/fixtures.ts';

test.describe('route guards', () => {
  test('a private screen sends a signed-out visitor to /login and comes back to it after sign-in', async ({
    page,
    account: email,
  }) => {
    await page.goto('/account/profile');
    await expect(page).toHaveURL('/login');
    await expect(page).toHaveTitle('Threadbook - Login');
    await signIn(page, email);
    await expect(page).toHaveURL('/account/profile');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  });

  test('every private path is guarded', async ({ page }) => {
    for (const path of ['/', '/library', '/about', '/reader/1', '/account/profile', '/no/such/page']) {
      await page.goto(path);
      await expect(page, `${path} while signed out`).toHaveURL('/login');
    }
  });

  test('signed in, / and unknown paths go to the library, and the onboarding paths too', async ({
    page,
    env,
    baseURL,
  }) => {
    await signInNewAccount(page, baseURL!, env.nextEmail());

    for (const path of ['/', '/no/such/page', '/login', '/signup', '/forgot-password']) {
      await page.goto(path);
      await expect(page, `${path} while signed in`).toHaveURL('/library');
      await expect(page.getByRole('heading', { name: 'My Books' })).toBeVisible();
    }
  });
});

test('page titles are "Threadbook - {page}" on every screen', async ({ page, env, baseURL }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Threadbook - Login');
  await page.goto('/signup');
  await expect(page).toHaveTitle('Threadbook - Login');
  await page.goto('/forgot-password');
  await expect(page).toHaveTitle('Threadbook - Login');

  await signInNewAccount(page, baseURL!, env.nextEmail());
  const titles: [string, string][] = [
    ['/library', 'Threadbook - Library'],
    ['/account/profile', 'Threadbook - Account'],
    ['/about', 'Threadbook - About'],
    ['/reader/1', 'Threadbook - Reader'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

test('the navigation bar moves between screens, highlights Account, and Sign Out leads to a bare /login', async ({
  page,
  account: email,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await signIn(page, email);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL('/account/profile');
  await expect(page).toHaveTitle('Threadbook - Account');
  await expect(nav.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL('/about');
  await expect(page.getByRole('heading', { name: 'About the Project' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Library' }).click();
  await expect(page).toHaveURL('/library');
  await expect(page.getByText('MCDS Capstone Project · Fall 2025')).toBeVisible();

  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  // The session is really gone: a reload stays signed out.
  await page.goto('/library');
  await expect(page).toHaveURL('/login');
});

test('a reload keeps the user signed in (the session survives in its cookie)', async ({
  page,
  env,
  baseURL,
}) => {
  await signInNewAccount(page, baseURL!, env.nextEmail());
  await page.goto('/about');
  await page.reload();
  await expect(page).toHaveURL('/about');
  await expect(page.getByRole('heading', { name: 'About the Project' })).toBeVisible();
});
