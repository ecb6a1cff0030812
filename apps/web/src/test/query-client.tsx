import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.ts';

/** A wrapper giving a test a query client of its own (no answers cached from another test). */
export function withQueryClient(): ({ children }: { children: ReactNode }) => ReactNode {
  const client = createQueryClient();
  return function QueryWrapper({ children }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}
