import type { ReactNode } from 'react';
import { LogoMark } from '../../components/Logo.tsx';
import './onboarding.css';

/** The centred card every onboarding screen (login, signup, reset, new password) sits in. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="onboarding" id="main">
      <section className="auth-card" aria-labelledby="auth-card-title">
        <div className="auth-card__brand">
          <LogoMark size={44} />
        </div>
        <h1 id="auth-card-title" className="auth-card__title">
          {title}
        </h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
      </section>
    </main>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-message form-message--error" role="alert">
      {message}
    </p>
  );
}
