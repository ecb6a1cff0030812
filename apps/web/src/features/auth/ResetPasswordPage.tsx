import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, CircleCheck, TriangleAlert } from 'lucide-react';
import { useAuth } from './auth-context.ts';
import { AuthCard, FormError } from './AuthCard.tsx';
import { AuthError, authErrorMessage } from './errors.ts';
import { ONBOARDING_PATHS } from './onboarding-mode.ts';
import { PasswordInput } from './PasswordInput.tsx';

export const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired.';

const INVALID_TOKEN_CODES = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED']);

/**
 * Where the reset e-mail's link lands (`/reset-password?token=...`, or `?error=INVALID_TOKEN` when the
 * identity module already knows the link is dead): set a new password.
 */
export function ResetPasswordPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [newPassword, setNewPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [invalid, setInvalid] = useState(() => params.has('error') || !token);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !token) return;
    setSaving(true);
    setError(null);
    try {
      await auth.resetPassword(token, newPassword);
      setDone(true);
    } catch (caught) {
      if (caught instanceof AuthError && caught.code && INVALID_TOKEN_CODES.has(caught.code)) {
        setInvalid(true);
      } else {
        setError(caught instanceof AuthError ? authErrorMessage(caught) : authErrorMessage({}));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthCard title="Reset Password">
      {invalid ? (
        <>
          <div className="auth-problem" role="alert">
            <TriangleAlert className="auth-problem__icon" size={28} aria-hidden="true" />
            <p>{INVALID_RESET_LINK_MESSAGE}</p>
          </div>
          <p className="auth-card__footer">
            <Link className="link" to={ONBOARDING_PATHS.reset}>
              Request a new reset link
            </Link>
          </p>
        </>
      ) : done ? (
        <>
          <div className="auth-success" role="status">
            <CircleCheck className="auth-success__icon" size={28} aria-hidden="true" />
            <p className="auth-success__title">Your password has been reset.</p>
          </div>
          <p className="auth-card__footer">
            <Link className="link link--with-icon" to={ONBOARDING_PATHS.login}>
              <ArrowLeft size={16} aria-hidden="true" />
              Back to Login
            </Link>
          </p>
        </>
      ) : (
        <form className="auth-form" onSubmit={onSubmit}>
          <div className="field">
            <label className="field__label" htmlFor="reset-new-password">
              New Password
            </label>
            <PasswordInput
              id="reset-new-password"
              name="newPassword"
              autoComplete="new-password"
              required
              placeholder="Enter new password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
            />
          </div>
          <FormError message={error} />
          <button type="submit" className="button button--primary button--block" disabled={saving}>
            {saving ? 'Saving...' : 'Set New Password'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
