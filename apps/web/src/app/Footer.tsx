import { useAppConfig } from '../lib/app-config.tsx';

export function Footer() {
  const { config } = useAppConfig();
  return (
    <footer className="app-footer">
      <p>{config.footerText}</p>
    </footer>
  );
}
