import { describe, expect, it } from 'vitest';
import { documentTitle, isOnboardingPath, pageTitleFor } from './page-title.ts';

describe('page titles (docs/product.md §2 Shell)', () => {
  it.each([
    ['/login', 'Login'],
    ['/signup', 'Login'],
    ['/forgot-password', 'Login'],
    ['/reset-password', 'Login'],
    ['/', 'Library'],
    ['/library', 'Library'],
    ['/somewhere/else', 'Library'],
    ['/account', 'Account'],
    ['/account/profile', 'Account'],
    ['/about', 'About'],
    ['/reader/12', 'Reader'],
  ] as const)('%s -> %s', (path, title) => {
    expect(pageTitleFor(path)).toBe(title);
  });

  it('is the product name, a dash, then the page title', () => {
    expect(documentTitle('Threadbook', '/account/profile')).toBe('Threadbook - Account');
    expect(documentTitle('Threadbook', '/login')).toBe('Threadbook - Login');
  });

  it('does not take /accounts or /abouts for its neighbours', () => {
    expect(pageTitleFor('/accounts')).toBe('Library');
    expect(pageTitleFor('/about/')).toBe('About');
  });

  it('knows the screens without a navigation bar', () => {
    expect(isOnboardingPath('/login')).toBe(true);
    expect(isOnboardingPath('/reset-password')).toBe(true);
    expect(isOnboardingPath('/library')).toBe(false);
  });
});
