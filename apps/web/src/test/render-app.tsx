import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { AppConfig } from '@threadbook/contracts';
import { AppRoutes } from '../app/AppRoutes.tsx';
import { AuthProvider, type AuthService } from '../features/auth/index.ts';
import { AppConfigProvider, DEFAULT_APP_CONFIG } from '../lib/app-config.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { ShellProvider } from '../lib/shell.tsx';

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

const defaultLoad = async (): Promise<AppConfig> => DEFAULT_APP_CONFIG;

/** The whole route tree with a fake identity service, at `path`. */
export function renderApp(path: string, service: AuthService, load: () => Promise<AppConfig> = defaultLoad) {
  return render(
    <AppConfigProvider load={load}>
      <AuthProvider service={service}>
        <QueryClientProvider client={createQueryClient()}>
          <ShellProvider>
            <MemoryRouter initialEntries={[path]}>
              <AppRoutes />
              <Where />
            </MemoryRouter>
          </ShellProvider>
        </QueryClientProvider>
      </AuthProvider>
    </AppConfigProvider>,
  );
}
