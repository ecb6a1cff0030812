import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useAppConfig } from '../../lib/app-config.tsx';
import { useAuth } from './auth-context.ts';
import { AuthCard, FormError } from './AuthCard.tsx';
import { AUTH_MESSAGES, SCREEN_FALLBACKS, screenErrorMessage } from './errors.ts';
import { GoogleButton } from './GoogleButton.tsx';
import { modeFromPath, ONBOARDING_PATHS, type OnboardingMode } from './onboarding-mode.ts';
import { PasswordInput } from './PasswordInput.tsx';

/**
 * docs/product.md §2 Onboarding: /login, /signup and /forgot-password are one screen with a mode toggle. The screen stays
 * mounted across the three paths, so the typed address carries over when the mode changes; the rest of the
 * form starts afresh. Success needs no navigation here: the public-only route sends a signed-in user on.
 */
export function OnboardingPage() {
  const location = useLocation();
  const mode = modeFromPath(location.pathname);
  const [email, setEmail] = useState('');
  return <OnboardingForm key={mode} mode={mode} email={email} onEmailChange={setEmail} />;
}

const TITLES: Record<OnboardingMode, string> = {
  login: 'Threadbook',
  signup: 'Threadbook',
  reset: 'Reset Password',
};

const SUBTITLES: Record<OnboardingMode, string> = {
  login: 'Turn textbooks into nonlinear study guides.',
  signup: 'Turn textbooks into nonlinear study guides.',
  reset: "Enter your email address and we'll send you a link to reset your password.",
};

function OnboardingForm({
  mode,
  email,
  onEmailChange,
}: {
  mode: OnboardingMode;
  email: string;
  onEmailChange: (email: string) => void;
}) {
  const auth = useAuth();
  const { config, loaded } = useAppConfig();
  const location = useLocation();
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState<'form' | 'google' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resetSent, setResetSent] = useState(false);

  // Keep the remembered origin while moving between the modes.
  const linkState = location.state as unknown;

  const run = async (kind: 'form' | 'google', action: () => Promise<void>, fallback: string) => {
    setPending(kind);
    setError(null);
    try {
      await action();
      // After a sign-in the button keeps its busy label until the screen is replaced.
      return true;
    } catch (caught) {
      setError(screenErrorMessage(caught, fallback));
      setPending(null);
      return false;
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (mode === 'login') {
      await run('form', () => auth.signIn(email, password), SCREEN_FALLBACKS.signIn);
    } else if (mode === 'signup') {
      await run('form', () => auth.signUp(email, password), SCREEN_FALLBACKS.signUp);
    } else if (await run('form', () => auth.requestPasswordReset(email), AUTH_MESSAGES.generic)) {
      setPending(null);
      setResetSent(true);
    }
  };

  const onGoogle = () => {
    if (pending) return;
    if (loaded && !config.googleEnabled) {
      setError(AUTH_MESSAGES.operationNotAllowed);
      return;
    }
    void run('google', () => auth.signInWithGoogle(), SCREEN_FALLBACKS.googleSignIn);
  };

  return (
    <AuthCard title={TITLES[mode]} subtitle={SUBTITLES[mode]}>
      {mode !== 'reset' ? (
        <div className="mode-toggle" role="group" aria-label="Log in or sign up" data-testid="mode-toggle">
          <Link
            to={ONBOARDING_PATHS.login}
            state={linkState}
            className="mode-toggle__option"
            aria-current={mode === 'login' ? 'page' : undefined}
          >
            Log in
          </Link>
          <Link
            to={ONBOARDING_PATHS.signup}
            state={linkState}
            className="mode-toggle__option"
            aria-current={mode === 'signup' ? 'page' : undefined}
          >
            Sign up
          </Link>
        </div>
      ) : null}

      {resetSent ? (
        <div className="auth-success" role="status">
          <MailCheck className="auth-success__icon" size={28} aria-hidden="true" />
          <p className="auth-success__title">Check your email.</p>
          <p>If your email is registered in our system, you will receive a password reset link shortly.</p>
        </div>
      ) : (
        <form className="auth-form" onSubmit={onSubmit}>
          <div className="field">
            <label className="field__label" htmlFor="onboarding-email">
              Email
            </label>
            <input
              id="onboarding-email"
              className="input"
              type="email"
              name="email"
              autoComplete="email"
              required
              placeholder="Enter Email"
              value={email}
              onChange={(event) => onEmailChange(event.target.value)}
            />
          </div>

          {mode !== 'reset' ? (
            <div className="field">
              <div className="field__label-row">
                <label className="field__label" htmlFor="onboarding-password">
                  Password
                </label>
                {mode === 'login' ? (
                  <Link className="link field__aside" to={ONBOARDING_PATHS.reset} state={linkState}>
                    Forgot password?
                  </Link>
                ) : null}
              </div>
              <PasswordInput
                id="onboarding-password"
                name="password"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                required
                placeholder="Enter password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
          ) : null}

          <FormError message={error} />

          <button type="submit" className="button button--primary button--block" disabled={pending !== null}>
            {SUBMIT_LABELS[mode][pending === 'form' ? 1 : 0]}
          </button>

          {mode === 'login' ? (
            <>
              <div className="auth-form__divider" aria-hidden="true" />
              <GoogleButton busy={pending === 'google'} disabled={pending !== null} onClick={onGoogle} />
            </>
          ) : null}
        </form>
      )}

      {mode === 'reset' ? (
        <p className="auth-card__footer">
          <Link className="link link--with-icon" to={ONBOARDING_PATHS.login} state={linkState}>
            <ArrowLeft size={16} aria-hidden="true" />
            Back to Login
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}

const SUBMIT_LABELS: Record<OnboardingMode, [string, string]> = {
  login: ['Sign in', 'Signing in...'],
  signup: ['Create Account', 'Creating Account...'],
  reset: ['Send Reset Link', 'Sending...'],
};
