import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '@threadbook/contracts';
import { AppConfigProvider, DEFAULT_APP_CONFIG } from '../../lib/app-config.tsx';
import { fakeAuthService } from '../../test/fake-auth.ts';
import { AuthProvider } from './AuthProvider.tsx';
import { AuthError } from './errors.ts';
import { OnboardingPage } from './OnboardingPage.tsx';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

const googleOn = async (): Promise<AppConfig> => DEFAULT_APP_CONFIG;
const googleOff = async (): Promise<AppConfig> => ({ ...DEFAULT_APP_CONFIG, googleEnabled: false });

function renderOnboarding(path: string, service = fakeAuthService(), load = googleOn) {
  render(
    <AppConfigProvider load={load}>
      <AuthProvider service={service}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<OnboardingPage />}>
              <Route path="login" element={null} />
              <Route path="signup" element={null} />
              <Route path="forgot-password" element={null} />
            </Route>
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </AuthProvider>
    </AppConfigProvider>,
  );
  return service;
}

describe('OnboardingPage', () => {
  it('shows the login form with the spec texts', async () => {
    renderOnboarding('/login');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('placeholder', 'Enter Email');
    const password = screen.getByLabelText('Password');
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('placeholder', 'Enter password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Or sign in with Google' })).toBeInTheDocument();
    const toggle = screen.getByTestId('mode-toggle');
    expect(toggle).toHaveAccessibleName('Log in or sign up');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Sign up' })).not.toHaveAttribute('aria-current');
  });

  it('switches to sign-up and keeps the typed address', async () => {
    const user = userEvent.setup();
    renderOnboarding('/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.edu');

    await user.click(screen.getByRole('link', { name: 'Sign up' }));

    expect(screen.getByTestId('where')).toHaveTextContent('/signup');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.edu');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('aria-current', 'page');
  });

  it('reset mode hides the toggle, keeps the address and sends the link', async () => {
    const user = userEvent.setup();
    const service = renderOnboarding('/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.edu');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(
      screen.getByText("Enter your email address and we'll send you a link to reset your password."),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('mode-toggle')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.edu');

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText('Check your email.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'If your email is registered in our system, you will receive a password reset link shortly.',
      ),
    ).toBeInTheDocument();
    expect(service.requestPasswordReset).toHaveBeenCalledWith('ada@example.edu');
    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows "Signing in..." while signing in and the mapped error after a rejection', async () => {
    const user = userEvent.setup();
    const service = fakeAuthService();
    let reject: (error: unknown) => void = () => {};
    service.signInWithEmail.mockImplementation(
      () =>
        new Promise<void>((_resolve, rejectPromise) => {
          reject = rejectPromise;
        }),
    );
    renderOnboarding('/login', service);
    await user.type(screen.getByLabelText('Email'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    reject(
      new AuthError({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email/Password combination invalid or incorrect.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(service.signInWithEmail).toHaveBeenCalledWith('ada@example.edu', 'wrong-password');
  });

  it('uses the screen fallback for an unexpected exception during sign-up', async () => {
    const user = userEvent.setup();
    const service = fakeAuthService();
    service.signUpWithEmail.mockRejectedValue(new TypeError('Failed to fetch'));
    renderOnboarding('/signup', service);
    await user.type(screen.getByLabelText('Email'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during sign up');
  });

  it('maps a closed Google popup to its message', async () => {
    const user = userEvent.setup();
    const service = fakeAuthService();
    service.signInWithGoogle.mockRejectedValue(new AuthError({ code: 'POPUP_CLOSED', message: 'closed' }));
    renderOnboarding('/login', service);
    await user.click(screen.getByTestId('google-sign-in'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in was cancelled.');
  });

  it('keeps the Google button clickable when Google is off, explaining why, and refuses', async () => {
    const user = userEvent.setup();
    const service = renderOnboarding('/login', fakeAuthService(), googleOff);
    const google = screen.getByTestId('google-sign-in');
    await waitFor(() =>
      expect(google).toHaveAttribute('title', 'Google sign-in is not configured on this server'),
    );
    expect(google).toBeEnabled();
    await user.click(google);
    expect(await screen.findByRole('alert')).toHaveTextContent('This operation is not allowed.');
    expect(service.signInWithGoogle).not.toHaveBeenCalled();
  });
});
