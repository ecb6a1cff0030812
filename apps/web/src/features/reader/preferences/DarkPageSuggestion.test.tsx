import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_READER_PREFERENCES } from '@threadbook/contracts';
import { DarkPageSuggestion, DarkPageSuggestionText } from './DarkPageSuggestion.tsx';

function systemTheme(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('DarkPageSuggestion', () => {
  it('suggests dark pages once when the system is dark: taken, the pages go dark and it is not asked again', async () => {
    systemTheme(true);
    const onChange = vi.fn();
    render(<DarkPageSuggestion preferences={DEFAULT_READER_PREFERENCES} onChange={onChange} />);
    expect(screen.getByText(DarkPageSuggestionText.question)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: DarkPageSuggestionText.accept }));
    expect(onChange).toHaveBeenCalledWith({ pageColours: 'dark', darkPageSuggested: true });
  });

  it('declined, it is not asked again', async () => {
    systemTheme(true);
    const onChange = vi.fn();
    render(<DarkPageSuggestion preferences={DEFAULT_READER_PREFERENCES} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: DarkPageSuggestionText.decline }));
    expect(onChange).toHaveBeenCalledWith({ darkPageSuggested: true });
  });

  it('says nothing on a light system, once answered, or when the pages are not white', () => {
    systemTheme(false);
    const { rerender } = render(
      <DarkPageSuggestion preferences={DEFAULT_READER_PREFERENCES} onChange={vi.fn()} />,
    );
    expect(screen.queryByRole('region')).toBeNull();
    systemTheme(true);
    rerender(
      <DarkPageSuggestion
        preferences={{ ...DEFAULT_READER_PREFERENCES, darkPageSuggested: true }}
        onChange={vi.fn()}
      />,
    );
    expect(screen.queryByRole('region')).toBeNull();
    rerender(
      <DarkPageSuggestion
        preferences={{ ...DEFAULT_READER_PREFERENCES, pageColours: 'sepia' }}
        onChange={vi.fn()}
      />,
    );
    expect(screen.queryByRole('region')).toBeNull();
  });
});
