import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthError } from '../auth/index.ts';
import { fakeAuthService } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render-app.tsx';

/** The server's answer to GET /api/me (the page asks the server, not only the token, who is signed in). */
function serveAccount(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/api/me')) return response();
      throw new Error(`unexpected fetch ${String(input)}`);
    }),
  );
}

describe('ProfilePage', () => {
  beforeEach(() => {
    serveAccount(() =>
      Response.json({ uid: 'u1', email: 'ada@example.edu', displayName: null, isGoogleUser: false }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the account as the server reports it, and an API failure as an alert', async () => {
    serveAccount(() =>
      Response.json({ uid: 'u1', email: 'server@example.edu', displayName: null, isGoogleUser: true }),
    );
    const { unmount } = renderApp(
      '/account/profile',
      fakeAuthService({ signedIn: true, claims: { email: 'token@example.edu' } }),
    );
    await waitFor(() => expect(screen.getByTestId('profile-email')).toHaveTextContent('server@example.edu'));
    expect(screen.getByText('Account managed by Google')).toBeInTheDocument();
    unmount();

    serveAccount(() => new Response('{}', { status: 500, statusText: 'Internal Server Error' }));
    renderApp('/account/profile', fakeAuthService({ signedIn: true }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Request failed: 500 Internal Server Error');
  });

  it('shows the e-mail and copies it, with a tick for 2 seconds', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderApp('/account/profile', fakeAuthService({ signedIn: true, claims: { email: 'ada@example.edu' } }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByText('Manage your account settings and preferences')).toBeInTheDocument();
    expect(screen.getByTestId('profile-email')).toHaveTextContent('ada@example.edu');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Copy email' }));
      expect(writeText).toHaveBeenCalledWith('ada@example.edu');
      expect(screen.getByTestId('copy-email')).toHaveAttribute('data-copied', 'true');
      await act(() => vi.advanceTimersByTimeAsync(2100));
      expect(screen.getByTestId('copy-email')).not.toHaveAttribute('data-copied');
    } finally {
      vi.useRealTimers();
    }
  });

  it('checks for a blank password, then reports success or the mapped error', async () => {
    const user = userEvent.setup();
    const service = fakeAuthService({ signedIn: true });
    renderApp('/account/profile', service);
    const input = await screen.findByLabelText('New Password');

    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a new password');
    expect(service.changePassword).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(service.changePassword).toHaveBeenCalledWith('new-secret');

    service.changePassword.mockRejectedValueOnce(
      new AuthError({ code: 'REQUIRES_RECENT_LOGIN', message: 'x', status: 403 }),
    );
    await user.type(input, 'another');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please sign in again before making this change.',
    );

    service.changePassword.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update password');
  });

  it('tells Google users their password is managed by Google', async () => {
    serveAccount(() =>
      Response.json({ uid: 'u1', email: 'ada@example.edu', displayName: null, isGoogleUser: true }),
    );
    renderApp('/account/profile', fakeAuthService({ signedIn: true, claims: { isGoogleUser: true } }));
    expect(await screen.findByText('Account managed by Google')).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('deletes the account after confirmation and always ends at /login, even on error', async () => {
    const user = userEvent.setup();
    const service = fakeAuthService({ signedIn: true });
    service.deleteUser.mockRejectedValue(new AuthError({ code: 'SESSION_EXPIRED', status: 400 }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/account/profile', service);

    await user.click(await screen.findByTestId('delete-account'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAttribute('data-testid', 'delete-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(service.deleteUser).toHaveBeenCalled();
    expect(service.signOut).toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Account deletion failed:', expect.any(AuthError));
    error.mockRestore();
  });

  it('opens the confirmation with focus on Cancel; Escape or Cancel closes it, focus back on its button', async () => {
    const user = userEvent.setup();
    const service = fakeAuthService({ signedIn: true });
    renderApp('/account/profile', service);
    const open = await screen.findByRole('button', { name: 'Delete Account' });

    await user.click(open);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAccessibleDescription(
      'Your account and your bookmarks will be permanently deleted. This cannot be undone.',
    );
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    // Tab stays inside the dialog, round its two buttons.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete Account' })).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Delete Account' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());

    // Enter on the focused button opens it again; Cancel closes it, and the account stays.
    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
    expect(service.deleteUser).not.toHaveBeenCalled();
  });

  it('is not closed by a click outside it, nor by Escape while the deletion runs', async () => {
    const user = userEvent.setup();
    const service = fakeAuthService({ signedIn: true });
    let finish!: () => void;
    service.deleteUser.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    renderApp('/account/profile', service);

    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    // The page around it takes no pointer: a click lands on the backdrop.
    await user.click(document.querySelector('.dialog-overlay') as HTMLElement);
    expect(dialog).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBe(dialog);

    finish();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
  });
});
