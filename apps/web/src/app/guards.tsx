import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/Spinner.tsx';
import { rememberedFrom, useAuth } from '../features/auth/index.ts';

/** Signed-in routes: a spinner while auth loads; signed-out users go to /login, remembering where they were. */
export function PrivateRoute() {
  const { status, signedOutByUser } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner fullPage />;
  if (status === 'signedOut') {
    // After Sign Out or account deletion, a new sign-in starts at the library.
    if (signedOutByUser) return <Navigate to="/login" replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <Outlet />;
}

/**
 * /login, /signup, /forgot-password: a signed-in user goes on to the library, or after a log-in back to the
 * remembered origin (docs/product.md §2: "Success goes to the remembered origin or /library"; signup goes to /library).
 */
export function PublicOnlyRoute() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner fullPage />;
  if (status === 'signedIn') {
    const target =
      location.pathname === '/login' ? (rememberedFrom(location.state) ?? '/library') : '/library';
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
