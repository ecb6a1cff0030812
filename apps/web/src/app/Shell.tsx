import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppConfig } from '../lib/app-config.tsx';
import { useShell } from '../lib/shell.tsx';
import { Footer } from './Footer.tsx';
import { NavBar } from './NavBar.tsx';
import { documentTitle, isOnboardingPath } from './page-title.ts';
import './shell.css';

/** The application shell around every route: skip link, navigation bar, the page, footer; sets the title. */
export function Shell() {
  const { pathname } = useLocation();
  const { config } = useAppConfig();
  const { navHidden: hiddenByScreen } = useShell();
  const onboarding = isOnboardingPath(pathname);
  // Only the reader may hide the shell (fullscreen); a stale flag never hides it elsewhere.
  const navHidden = hiddenByScreen && pathname.startsWith('/reader');

  useEffect(() => {
    document.title = documentTitle(config.productName, pathname);
  }, [config.productName, pathname]);

  return (
    <div className={onboarding ? 'app app--onboarding' : 'app'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {onboarding || navHidden ? null : <NavBar />}
      <Outlet />
      {navHidden ? null : <Footer />}
    </div>
  );
}
