import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Check, Copy, KeyRound, Mail, ShieldCheck, Trash2 } from 'lucide-react';
import { AUTH_MESSAGES, AuthError, authErrorMessage, useAuth } from '../auth/index.ts';
import { useAccount } from './use-account.ts';
import './profile.css';

export const COPY_TICK_MS = 2000;

/** docs/product.md §2 Profile: e-mail with a copy button, the new-password form (or Google note), account deletion. */
export function ProfilePage() {
  const { user: tokenUser } = useAuth();
  const { account, error } = useAccount();
  const user = account ?? tokenUser;
  return (
    <main className="page" id="main">
      <header className="page__header">
        <h1 className="page__title">My Profile</h1>
        <p className="page__subtitle">Manage your account settings and preferences</p>
      </header>
      {error ? (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      ) : null}
      {user ? (
        <div className="profile-grid">
          <EmailCard email={user.email} />
          <PasswordCard isGoogleUser={user.isGoogleUser} />
          <DeletionCard />
        </div>
      ) : (
        <p className="form-message form-message--error" role="alert">
          {AUTH_MESSAGES.noUser}
        </p>
      )}
    </main>
  );
}

function EmailCard({ email }: { email: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(email);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_TICK_MS);
    } catch (error) {
      console.error('Could not copy the e-mail address:', error);
    }
  };

  return (
    <ProfileCard id="email" title="Email Address" icon={<Mail size={20} />}>
      <div className="email-row">
        <span className="email-row__value" data-testid="profile-email">
          {email || 'No email available'}
        </span>
        {email ? (
          <button
            type="button"
            className="icon-button"
            aria-label="Copy email"
            data-testid="copy-email"
            data-copied={copied ? 'true' : undefined}
            onClick={copy}
          >
            {copied ? <Check size={18} aria-hidden="true" /> : <Copy size={18} aria-hidden="true" />}
          </button>
        ) : null}
        <span className="visually-hidden" aria-live="polite">
          {copied ? 'Copied' : ''}
        </span>
      </div>
    </ProfileCard>
  );
}

function PasswordCard({ isGoogleUser }: { isGoogleUser: boolean }) {
  const { changePassword } = useAuth();
  const [newPassword, setNewPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    setSuccess(null);
    if (newPassword.trim() === '') {
      setError('Please enter a new password');
      return;
    }
    setSubmitting(true);
    try {
      await changePassword(newPassword);
      setNewPassword('');
      setSuccess('Password updated successfully');
    } catch (caught) {
      setError(
        caught instanceof AuthError
          ? authErrorMessage(caught, 'Failed to update password')
          : 'Failed to update password',
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <ProfileCard id="password" title="Password" icon={<KeyRound size={20} />}>
      {isGoogleUser ? (
        <div className="google-managed" data-testid="google-managed">
          <ShieldCheck size={20} aria-hidden="true" className="google-managed__icon" />
          <div>
            <p className="google-managed__title">Account managed by Google</p>
            <p className="card__text">
              You sign in with Google, so there is no password to change here. Use your Google account
              settings to manage your password.
            </p>
          </div>
        </div>
      ) : (
        <form className="stack" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label className="field__label" htmlFor="profile-new-password">
              New Password
            </label>
            <input
              id="profile-new-password"
              className="input"
              type="password"
              name="newPassword"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
            />
          </div>
          {error ? (
            <p className="form-message form-message--error" role="alert">
              {error}
            </p>
          ) : null}
          {success ? (
            <p className="form-message form-message--success" role="status">
              {success}
            </p>
          ) : null}
          <div>
            <button type="submit" className="button button--primary" disabled={submitting}>
              {submitting ? 'Updating...' : 'Update Password'}
            </button>
          </div>
        </form>
      )}
    </ProfileCard>
  );
}

type DialogModule = typeof import('./DeleteAccountDialog.tsx');

let dialogLoading: Promise<DialogModule> | null = null;
let dialogLoaded: DialogModule | null = null;

/** The confirmation dialog's code (Radix's dialog with it), loaded once; a failed load is tried again. */
function loadDeleteDialog(): Promise<DialogModule> {
  dialogLoading ??= import('./DeleteAccountDialog.tsx').then(
    (module) => (dialogLoaded = module),
    (error: unknown) => {
      dialogLoading = null;
      throw error;
    },
  );
  return dialogLoading;
}

function DeletionCard() {
  const { deleteAccount } = useAuth();
  const navigate = useNavigate();
  const button = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<DialogModule | null>(dialogLoaded);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  // The dialog's code loads with the page, so it is there by the time the button is pressed; pressed
  // sooner, the dialog opens as the code arrives (after a failed load, pressing it tries again).
  useEffect(() => {
    if (dialog) return;
    let current = true;
    loadDeleteDialog().then(
      (module) => {
        if (current) setDialog(module);
      },
      (error: unknown) => console.error('The account deletion dialog could not be loaded:', error),
    );
    return () => {
      current = false;
    };
  }, [dialog, open]);

  const confirm = async () => {
    if (deleting) return;
    setDeleting(true);
    try {
      await deleteAccount();
    } catch (error) {
      console.error('Account deletion failed:', error);
    }
    // docs/product.md §4: the user always ends at /login, even on error.
    setOpen(false);
    navigate('/login', { replace: true });
  };

  return (
    <ProfileCard id="deletion" title="Account Deletion" icon={<Trash2 size={20} />} danger>
      <p className="card__text">
        Permanently delete your account and everything stored with it, such as your bookmarks. This cannot be
        undone.
      </p>
      <div>
        <button
          ref={button}
          type="button"
          className="button button--danger"
          onClick={() => setOpen(true)}
          data-testid="delete-account"
        >
          Delete Account
        </button>
      </div>
      {dialog && (
        <dialog.DeleteAccountDialog
          open={open}
          deleting={deleting}
          onOpenChange={setOpen}
          onConfirm={confirm}
          returnFocusTo={button}
        />
      )}
    </ProfileCard>
  );
}

/** One card of the profile page: an icon, a titled header the card is labelled by, and its content. */
function ProfileCard(props: {
  id: string;
  title: string;
  icon: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  const titleId = `${props.id}-card-title`;
  return (
    <section className={props.danger ? 'card card--danger' : 'card'} aria-labelledby={titleId}>
      <div className="card__header">
        <span className={props.danger ? 'card__icon card__icon--danger' : 'card__icon'} aria-hidden="true">
          {props.icon}
        </span>
        <h2 className="card__title" id={titleId}>
          {props.title}
        </h2>
      </div>
      {props.children}
    </section>
  );
}
