import { BrowserRouter } from 'react-router';
import { AppConfigProvider } from '../lib/app-config.tsx';
import { setTokenSource } from '../lib/api.ts';
import { ShellProvider } from '../lib/shell.tsx';
import { AuthProvider, createBetterAuthService, createTokenManager } from '../features/auth/index.ts';
import { AppRoutes } from './AppRoutes.tsx';

// One identity client and one in-memory ID token for the whole app; apiFetch reads the same token.
const authService = createBetterAuthService();
const tokenManager = createTokenManager({ fetchToken: () => authService.fetchIdToken() });
setTokenSource(tokenManager);
// The session is asked for as the app starts, not after its first render: the answer (an ID token, or
// none) decides the first screen, and a reader's first calls wait for it.
const firstToken = tokenManager.getIdToken({ forceRefresh: true }).catch((error: unknown) => {
  console.error('Could not restore the session:', error);
  return null;
});

export function App() {
  return (
    <AppConfigProvider>
      <AuthProvider service={authService} tokenManager={tokenManager} firstToken={firstToken}>
        <ShellProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ShellProvider>
      </AuthProvider>
    </AppConfigProvider>
  );
}
