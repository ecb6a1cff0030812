import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { appConfigSchema, type AppConfig } from '@threadbook/contracts';

/** What the app shows before (or without) the server's public settings. */
export const DEFAULT_APP_CONFIG: AppConfig = {
  productName: 'Threadbook',
  googleEnabled: true,
  footerText: 'MCDS Capstone Project · Fall 2025',
  team: [],
  mentors: [],
};

export interface AppConfigState {
  config: AppConfig;
  loaded: boolean;
}

const AppConfigContext = createContext<AppConfigState>({ config: DEFAULT_APP_CONFIG, loaded: false });

/** GET /api/auth/app-config (public); any failure keeps the defaults. */
export async function fetchAppConfig(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<AppConfig> {
  const response = await fetchImpl('/api/auth/app-config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Request failed: ${response.status} ${response.statusText}`);
  return appConfigSchema.parse(await response.json());
}

export function AppConfigProvider({
  children,
  load = fetchAppConfig,
}: {
  children: ReactNode;
  /** Injectable for tests. */
  load?: () => Promise<AppConfig>;
}) {
  const [state, setState] = useState<AppConfigState>({ config: DEFAULT_APP_CONFIG, loaded: false });

  useEffect(() => {
    let active = true;
    load()
      .then((config) => {
        if (active) setState({ config, loaded: true });
      })
      .catch((error: unknown) => {
        console.error('Could not load the app configuration:', error);
        if (active) setState((previous) => ({ ...previous, loaded: true }));
      });
    return () => {
      active = false;
    };
  }, [load]);

  return <AppConfigContext.Provider value={state}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): AppConfigState {
  return useContext(AppConfigContext);
}
