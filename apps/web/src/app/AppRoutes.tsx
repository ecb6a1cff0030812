import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { OnboardingPage, ResetPasswordPage } from '../features/auth/index.ts';
import { LibraryPage } from '../features/library/index.ts';
import { ReaderRoute } from '../features/reader/index.ts';
import { PrivateRoute, PublicOnlyRoute } from './guards.tsx';
import { Shell } from './Shell.tsx';

// pdf.js is large: it loads with the reader route only.
const reader = <ReaderRoute />;

// Screens seldom opened first load when they are opened: the first screen (library or sign-in) stays light.
const ProfilePage = lazy(() =>
  import('../features/profile/index.ts').then((module) => ({ default: module.ProfilePage })),
);
const AboutPage = lazy(() =>
  import('../features/about/index.ts').then((module) => ({ default: module.AboutPage })),
);
const later = (screen: ReactNode) => <Suspense fallback={null}>{screen}</Suspense>;

/** docs/product.md §2 route table, plus the public /reset-password page the reset e-mail links to. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route element={<PublicOnlyRoute />}>
          {/* One element for the three paths, so the screen (and the typed address) survives a mode switch. */}
          <Route element={<OnboardingPage />}>
            <Route path="login" element={null} />
            <Route path="signup" element={null} />
            <Route path="forgot-password" element={null} />
          </Route>
        </Route>
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route element={<PrivateRoute />}>
          <Route index element={<Navigate to="/library" replace />} />
          <Route path="library" element={<LibraryPage />} />
          <Route path="reader" element={reader} />
          <Route path="reader/:docId" element={reader} />
          <Route path="account" element={<Navigate to="/account/profile" replace />} />
          <Route path="account/profile" element={later(<ProfilePage />)} />
          <Route path="about" element={later(<AboutPage />)} />
          <Route path="*" element={<Navigate to="/library" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
