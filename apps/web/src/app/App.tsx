import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppConfigProvider } from '../lib/app-config.tsx';
import { setTokenSource } from '../lib/api.ts';
import { createQueryClient } from '../lib/query-client.ts';
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

// The server state of the signed-in student: nothing of it outlives the session.
const queryClient = createQueryClient();
tokenManager.subscribe((token) => {
  if (token === null) queryClient.clear();
});

export function App() {
  return (
    <AppConfigProvider>
      <AuthProvider service={authService} tokenManager={tokenManager} firstToken={firstToken}>
        <QueryClientProvider client={queryClient}>
          <ShellProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </ShellProvider>
        </QueryClientProvider>
      </AuthProvider>
    </AppConfigProvider>
  );
}
