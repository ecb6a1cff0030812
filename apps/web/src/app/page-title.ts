/** docs/product.md §2 Shell: the page-title part of the document title for each route. */
export type PageTitle = 'Login' | 'Library' | 'Account' | 'About' | 'Reader';

const LOGIN_PATHS = new Set(['/login', '/signup', '/forgot-password', '/reset-password']);

export function pageTitleFor(pathname: string): PageTitle {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (LOGIN_PATHS.has(path)) return 'Login';
  if (path === '/account' || path.startsWith('/account/')) return 'Account';
  if (path === '/about') return 'About';
  if (path === '/reader' || path.startsWith('/reader/')) return 'Reader';
  return 'Library';
}

/** "The document title is the product name, a dash, then the page title." */
export function documentTitle(productName: string, pathname: string): string {
  return `${productName} - ${pageTitleFor(pathname)}`;
}

/** The screens that show no navigation bar (docs/product.md §2 Shell; the reset-password page counts as onboarding). */
export function isOnboardingPath(pathname: string): boolean {
  return pageTitleFor(pathname) === 'Login';
}
