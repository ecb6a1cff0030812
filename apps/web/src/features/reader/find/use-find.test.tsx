import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookSearchResponse, SearchHit } from '@threadbook/contracts';
import { heldReply, json, stubApi, type ApiCall } from '../../../test/fake-api.ts';
import { renderWithReaderStore } from '../../../test/reader-store.tsx';
import { useSignedInApi } from '../../../test/signed-in-api.ts';
import type { HistoryJump } from '../model/index.ts';
import { FindBar } from './FindBar.tsx';
import { SearchResults } from './SearchResults.tsx';
import { useFind } from './use-find.ts';

const hit = (page: number, text: string, id = `1.${page}`): SearchHit => ({
  paragraphId: id,
  page,
  yStart: 0.3,
  sectionId: '1.1',
  sectionTitle: 'Graphs',
  snippet: { text, highlights: [{ start: 0, end: 4 }] },
});
const answers: Record<string, BookSearchResponse> = {
  tree: { hits: [hit(2, 'tree one'), hit(5, 'Tree two'), hit(9, 'tree three')], total: 3, truncated: false },
  node: { hits: [hit(4, 'node')], total: 1, truncated: false },
};

function Reader({ onJump }: { onJump(to: HistoryJump): void }) {
  const [sidebar, setSidebar] = useState(false);
  const find = useFind({
    bookId: 7,
    currentPage: () => 1,
    jump: onJump,
    sidebarOpen: sidebar,
    setSidebarOpen: setSidebar,
  });
  return (
    <div>
      <button type="button" onClick={find.toggle}>
        Find in book
      </button>
      {find.bar && <FindBar {...find.bar} />}
      {sidebar && <aside aria-label="Sidebar">{find.results && <SearchResults {...find.results} />}</aside>}
    </div>
  );
}

const queryOf = (call: ApiCall) => new URL(call.url, 'http://reader').searchParams.get('q');

describe('useFind', () => {
  useSignedInApi();
  /** The search calls made (GET /api/books/7/search?q=), answered from `answers`. */
  let api: ReturnType<typeof stubApi>;
  beforeEach(() => {
    api = stubApi((call) => json(answers[queryOf(call)!] ?? { hits: [], total: 0, truncated: false }));
  });

  it('Ctrl+F opens the find bar and the sidebar; typing lists the results; Escape closes and gives focus back', async () => {
    const onJump = vi.fn();
    renderWithReaderStore(<Reader onJump={onJump} />);
    const opener = screen.getByRole('button', { name: 'Find in book' });
    opener.focus();
    await userEvent.keyboard('{Control>}f{/Control}');
    const input = screen.getByRole('textbox', { name: 'Find in book' });
    expect(input).toHaveFocus();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();

    await userEvent.type(input, 'tree');
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(within(list).getAllByRole('button')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('3 results');
    expect(api.calls.at(-1)?.url).toBe('/api/books/7/search?q=tree');
    expect(within(list).getAllByRole('button')[1]).toHaveTextContent('Tree two1.1 GraphsPage 5');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it("names each hit's page by the label printed on it where the book has page labels", async () => {
    // Four sheets of front matter (i..iv), then the text from page 1.
    const pageLabels = ['i', 'ii', 'iii', 'iv', ...Array.from({ length: 346 }, (_, i) => String(i + 1))];
    renderWithReaderStore(<Reader onJump={vi.fn()} />, { pageLabels });
    await userEvent.click(screen.getByRole('button', { name: 'Find in book' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Find in book' }), 'tree');
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((hit) => hit.textContent),
    ).toEqual(['tree one1.1 GraphsPage ii', 'Tree two1.1 GraphsPage 1', 'tree three1.1 GraphsPage 5']);
  });

  it('Enter and Shift+Enter go through the hits with recorded jumps, wrapping', async () => {
    const onJump = vi.fn();
    renderWithReaderStore(<Reader onJump={onJump} />);
    await userEvent.click(screen.getByRole('button', { name: 'Find in book' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Find in book' }), 'tree{Enter}');
    await screen.findByText('1 of 3');
    expect(onJump).toHaveBeenLastCalledWith({
      pageNumber: 2,
      yStart: 0.3,
      source: 'toc',
      label: '1.1 Graphs (search)',
    });
    await userEvent.keyboard('{Enter}{Enter}');
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    expect(onJump).toHaveBeenLastCalledWith(expect.objectContaining({ pageNumber: 9 }));
    const current = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('button')[2];
    expect(current).toHaveAttribute('aria-current', 'true');

    await userEvent.click(
      within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('button')[1]!,
    );
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    expect(onJump).toHaveBeenLastCalledWith(expect.objectContaining({ pageNumber: 5 }));
  });

  it('says No results, and searches only the last of quickly typed queries', async () => {
    renderWithReaderStore(<Reader onJump={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Find in book' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Find in book' }), 'zebra');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No results'));
    expect(screen.getByText('No results', { selector: 'p' })).toBeInTheDocument();
    expect(api.calls.map(queryOf)).toEqual(['zebra']);
  });

  it('an Enter typed before the results come goes to the first hit once they do', async () => {
    const reply = heldReply();
    api.answerWith(() => reply.promise);
    const onJump = vi.fn();
    renderWithReaderStore(<Reader onJump={onJump} />);
    await userEvent.click(screen.getByRole('button', { name: 'Find in book' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Find in book' }), 'node{Enter}');
    expect(api.calls).toHaveLength(1);
    expect(onJump).not.toHaveBeenCalled();
    await act(async () => reply.send(json(answers.node)));
    expect(onJump).toHaveBeenCalledWith(expect.objectContaining({ pageNumber: 4 }));
    expect(screen.getByText('1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 result');
  });

  it('opens again with its query and its results after being closed', async () => {
    renderWithReaderStore(<Reader onJump={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Find in book' });
    await userEvent.click(button);
    await userEvent.type(screen.getByRole('textbox', { name: 'Find in book' }), 'tree');
    await screen.findByRole('list', { name: 'Search results' });
    await userEvent.keyboard('{Escape}');
    await userEvent.click(button);
    expect(screen.getByRole('textbox', { name: 'Find in book' })).toHaveValue('tree');
    expect(await screen.findByRole('list', { name: 'Search results' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });
});
