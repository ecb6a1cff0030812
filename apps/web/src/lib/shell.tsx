import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** Lets a screen (the reader in fullscreen) hide the application shell's navigation bar and footer. */
export interface ShellState {
  navHidden: boolean;
  setNavHidden: (hidden: boolean) => void;
}

const ShellContext = createContext<ShellState>({ navHidden: false, setNavHidden: () => {} });

export function ShellProvider({ children }: { children: ReactNode }) {
  const [navHidden, setNavHidden] = useState(false);
  const value = useMemo(() => ({ navHidden, setNavHidden }), [navHidden]);
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellState {
  return useContext(ShellContext);
}
