import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { CircleUser, Info, Library, LogOut } from 'lucide-react';
import { LogoMark } from '../components/Logo.tsx';
import { useAppConfig } from '../lib/app-config.tsx';
import { useAuth } from '../features/auth/index.ts';

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'nav-link nav-link--active' : 'nav-link';

/** docs/product.md §2 Shell: logo, Library, Account, About, Sign Out. */
export function NavBar() {
  const { config } = useAppConfig();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const accountActive = pathname === '/account' || pathname.startsWith('/account/');

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut(); // never throws: a failure is logged and the local session dropped anyway
    navigate('/login', { replace: true });
  };

  return (
    <header className="app-header" data-testid="nav-bar">
      <nav className="navbar" aria-label="Main">
        <Link to="/library" className="navbar__brand" aria-label={`${config.productName} home`}>
          <LogoMark size={30} />
          <span className="navbar__brand-name" aria-hidden="true">
            {config.productName}
          </span>
        </Link>
        <ul className="navbar__links">
          <li>
            <NavLink to="/library" className={navClass}>
              <Library size={18} aria-hidden="true" className="nav-link__icon" />
              Library
            </NavLink>
          </li>
          <li>
            <NavLink
              to="/account/profile"
              className={() => navClass({ isActive: accountActive })}
              aria-current={accountActive ? 'page' : undefined}
            >
              <CircleUser size={18} aria-hidden="true" className="nav-link__icon" />
              Account
            </NavLink>
          </li>
          <li>
            <NavLink to="/about" className={navClass}>
              <Info size={18} aria-hidden="true" className="nav-link__icon" />
              About
            </NavLink>
          </li>
        </ul>
        <button
          type="button"
          className="button button--ghost navbar__signout"
          onClick={onSignOut}
          disabled={signingOut}
        >
          <LogOut size={18} aria-hidden="true" />
          Sign Out
        </button>
      </nav>
    </header>
  );
}
