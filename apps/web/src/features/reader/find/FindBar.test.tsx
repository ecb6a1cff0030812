import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FindBar } from './FindBar.tsx';

function Bar(props: { onNext(): void; onPrevious(): void; onClose(): void; onQuery(query: string): void }) {
  const [query, setQuery] = useState('');
  return (
    <FindBar
      query={query}
      onQueryChange={(next) => {
        setQuery(next);
        props.onQuery(next);
      }}
      status="12 results"
      position="3 of 12"
      canStep
      onNext={props.onNext}
      onPrevious={props.onPrevious}
      onClose={props.onClose}
    />
  );
}

function setup() {
  const calls = { onNext: vi.fn(), onPrevious: vi.fn(), onClose: vi.fn(), onQuery: vi.fn() };
  render(<Bar {...calls} />);
  const input = within();
  return { calls, input };
}
const within = () =>
  screen.getByRole('search', { name: 'Find in book' }).querySelector('input') as HTMLInputElement;

describe('FindBar', () => {
  it('is a search landmark with a textbox named Find in book, the status and the position', () => {
    setup();
    expect(screen.getByRole('textbox', { name: 'Find in book' })).toBe(within());
    expect(screen.getByRole('status')).toHaveTextContent('12 results');
    expect(screen.getByText('3 of 12')).toBeInTheDocument();
  });

  it('reports the query as it is typed', async () => {
    const { calls } = setup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Find in book' }), 'tree');
    expect(calls.onQuery).toHaveBeenLastCalledWith('tree');
    expect(screen.getByRole('textbox', { name: 'Find in book' })).toHaveValue('tree');
  });

  it('Enter goes to the next hit, Shift+Enter to the previous one, Escape closes', async () => {
    const { calls } = setup();
    const input = screen.getByRole('textbox', { name: 'Find in book' });
    await userEvent.type(input, 'x{Enter}');
    expect(calls.onNext).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    expect(calls.onPrevious).toHaveBeenCalledTimes(1);
    expect(calls.onNext).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(calls.onClose).toHaveBeenCalledTimes(1);
  });

  it('has buttons for the previous and next hit and to close', async () => {
    const { calls } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Next result' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous result' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close find bar' }));
    expect(calls.onNext).toHaveBeenCalledTimes(1);
    expect(calls.onPrevious).toHaveBeenCalledTimes(1);
    expect(calls.onClose).toHaveBeenCalledTimes(1);
  });
});
