import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthService } from '../test/fake-auth.ts';
import { renderApp } from '../test/render-app.tsx';

describe('routes and shell', () => {
  it('shows a spinner while auth loads, then sends a signed-out user to /login remembering the origin', async () => {
    const user = userEvent.setup();
    const service = fakeAuthService({ signedIn: false });
    renderApp('/about', service);

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(screen.getByTestId('where').dataset.state).toContain('/about');
    expect(screen.queryByTestId('nav-bar')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Threadbook - Login'));

    await user.type(screen.getByLabelText('Email'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/about'));
    // The about screen loads when it is opened.
    expect(await screen.findByRole('heading', { level: 1, name: 'About the Project' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Threadbook - About'));
  });

  it('sends a signed-in user from /login to /library, and / and unknown paths to /library', async () => {
    renderApp('/login', fakeAuthService({ signedIn: true }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/library'));
    expect(screen.getByRole('heading', { level: 1, name: 'My Books' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Threadbook - Library'));
  });

  it.each(['/', '/no/such/page'])('redirects %s to /library', async (path) => {
    renderApp(path, fakeAuthService({ signedIn: true }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/library'));
  });

  it('sign-up success goes to /library', async () => {
    const user = userEvent.setup();
    renderApp('/signup', fakeAuthService());
    await user.type(await screen.findByLabelText('Email'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/library'));
  });

  it('highlights Account for any /account path', async () => {
    renderApp('/account/profile', fakeAuthService({ signedIn: true }));
    const nav = await screen.findByTestId('nav-bar');
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Library' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Threadbook home' })).toHaveAttribute('href', '/library');
    await waitFor(() => expect(document.title).toBe('Threadbook - Account'));
    expect(screen.getByRole('contentinfo')).toHaveTextContent('MCDS Capstone Project · Fall 2025');
  });

  it('Sign Out goes to /login even when signing out fails', async () => {
    const user = userEvent.setup();
    const service = fakeAuthService({ signedIn: true });
    service.signOut.mockRejectedValue(new Error('network down'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/about', service);

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByTestId('nav-bar')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Sign-out failed:', expect.any(Error));
    error.mockRestore();

    // A deliberate sign-out forgets the page: the next sign-in starts at the library.
    await user.type(screen.getByLabelText('Email'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/library'));
  });
});
