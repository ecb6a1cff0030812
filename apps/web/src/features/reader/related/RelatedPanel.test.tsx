import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithReaderStore } from '../../../test/reader-store.tsx';
import { useSignedInApi } from '../../../test/signed-in-api.ts';
import type { RelatedParagraph, RelatedParagraphsResponse } from '@threadbook/contracts';
import { UNNUMBERED_TITLES } from '../../../test/unnumbered-book.ts';
import type { ParagraphPlace, SectionTitles } from '../model/index.ts';
import type { ReaderAction } from '../state/index.ts';
import { EMPTY_ANCHOR_INDEX } from './anchor-index.ts';
import { RelatedPanel } from './RelatedPanel.tsx';

const QUERY = 'max_distance=1&limit=10&page=1&page_size=20';
const RELATED_URL = (id: string) => `GET /api/graph/books/12/paragraphs/${id}/related?${QUERY}`;
const SUMMARY_URL = 'POST /api/graph/books/12/paragraphs/summary';

const LONG_TEXT =
  'A group homomorphism is a map between two groups that preserves the group operation. ' +
  'Its kernel is a normal subgroup, and its image is a subgroup of the codomain, which leads to the first ' +
  'isomorphism theorem.';

const item = (
  relationship_type: RelatedParagraph['relationship_type'],
  id: string,
  page: number,
  text: string,
  justification = '',
): RelatedParagraph => ({
  relationship_type,
  node: { id, page, y_start: 0.3, text },
  justification,
  score: 0.8,
  distance: 1,
});

const related = (
  source: RelatedParagraphsResponse['source_node'],
  items: RelatedParagraph[],
): RelatedParagraphsResponse => ({
  source_node: source,
  related: items,
  total: items.length,
  page: 1,
  page_size: 20,
  total_pages: items.length === 0 ? 0 : 1,
});

/** 3.2.4 on page 42, with its five related paragraphs in the API's (mixed) order. */
const SOURCE = { id: '3.2.4', page: 42, y_start: 0.08, text: 'Let phi be a homomorphism from G to H.' };
const BG_DEFINITION = item('BACKGROUND', '3.2.1', 41, LONG_TEXT, 'Uses the definition of a homomorphism.');
const EXAMPLE = item('EXAMPLE', '3.3.2', 43, 'The integers modulo n form a quotient group.');
const ELABORATION = item('ELABORATION', '3.3.1', 42, 'Quotient groups generalise this construction.');
const BG_SUBGROUP = item('BACKGROUND', '3.1.5', 39, 'A subgroup is a subset closed under the operation.');
const CONTRAST = item('CONTRAST', '2.4.1', 30, 'Ring homomorphisms also preserve multiplication.');
const RELATED_3_2_4 = related(SOURCE, [EXAMPLE, BG_DEFINITION, ELABORATION, BG_SUBGROUP, CONTRAST]);

/** A paragraph of UNNUMBERED_OUTLINE's book and two related ones. */
const UNNUMBERED_SOURCE = {
  id: '4.properties.2',
  page: 41,
  y_start: 0.3,
  text: 'Every group has one identity.',
};
const RELATED_UNNUMBERED = related(UNNUMBERED_SOURCE, [
  item('BACKGROUND', '12:4.definitions.1', 40, 'A group is a set with an operation.'),
  item('ELABORATION', '4.2.3', 44, 'The identity of a subgroup is the identity of the group.'),
]);

const OTHER_SOURCE = {
  id: '3.3.1',
  page: 42,
  y_start: 0.55,
  text: 'Quotient groups generalise this construction.',
};
const RELATED_3_3_1 = related(OTHER_SOURCE, [item('BACKGROUND', '3.2.4', 42, SOURCE.text)]);

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs fetch, answering `METHOD url` from `routes`; anything else is a test failure. */
function serve(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected fetch ${key}`);
    return route(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls fetch got, as `METHOD url`. */
const callsOf = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

const json = (value: unknown) => () => Response.json(value);
const failing = (status: number, statusText: string) => () => new Response('{}', { status, statusText });
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

interface PanelProps {
  selectedId?: string | null;
  highlightedId?: string | null;
  sectionTitles?: SectionTitles | null;
}

/** A paragraph the graph does not place: where the related call says it starts, about three lines tall. */
const unplaced = (node: { id: string; page: number; y_start: number }): ParagraphPlace => ({
  id: node.id,
  page: node.page,
  yStart: node.y_start,
  yEnd: node.y_start + 0.05,
});
const placeOf = (id: string): ParagraphPlace => ({ id, page: 42, yStart: 0.1, yEnd: 0.2 });

function renderPanel({ selectedId = '3.2.4', highlightedId = null, sectionTitles = null }: PanelProps = {}) {
  const callbacks = { onClearSelection: vi.fn(), onJumpToSource: vi.fn(), onJumpToRelated: vi.fn() };
  // What the panel dispatched, by kind.
  const heard = (action: ReaderAction) => {
    if (action.type === 'clearSelection') callbacks.onClearSelection();
    else if (action.type === 'jumpToSource') callbacks.onJumpToSource(action.place);
    else if (action.type === 'jumpToRelated') callbacks.onJumpToRelated(action.place);
  };
  const view = renderWithReaderStore(
    <RelatedPanel bookId={12} pdf={null} anchors={EMPTY_ANCHOR_INDEX} />,
    {
      selected: selectedId === null ? null : placeOf(selectedId),
      highlight: highlightedId === null ? null : placeOf(highlightedId),
      sectionTitles,
    },
    heard,
  );
  const select = (id: string | null) =>
    act(() =>
      view.store.dispatch(
        id === null ? { type: 'clearSelection' } : { type: 'selectParagraph', place: placeOf(id) },
      ),
    );
  return { ...view, ...callbacks, select };
}

/** The group sections inside the panel (the panel is a region named 'Related Paragraphs' itself). */
const groupRegions = () => {
  const panel = screen.getByRole('region', { name: 'Related Paragraphs' });
  return within(panel).queryAllByRole('region');
};

/** The list item of the related paragraph labelled `label`. */
const itemOf = (label: string) => screen.getByRole('button', { name: label }).closest('li') as HTMLElement;
const explainButton = (label: string) =>
  within(itemOf(label)).getByRole('button', {
    name: /^(Explain Relationship|Generating\.\.\.|Hide Summary|Show Summary)$/,
  });

describe('RelatedPanel', () => {
  const logged = useSignedInApi();

  describe('states', () => {
    it('asks for an anchor when nothing is selected, and calls nothing', () => {
      const fetchMock = serve({});
      renderPanel({ selectedId: null });
      expect(
        screen.getByText('Click on a paragraph anchor in the PDF to view its relationships.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Related Paragraphs' })).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("shows 'Loading relationships...' until the answer comes", async () => {
      let release: (response: Response) => void = () => {};
      const fetchMock = serve({
        [RELATED_URL('3.2.4')]: () => new Promise<Response>((resolve) => (release = resolve)),
      });
      renderPanel();
      expect(screen.getByRole('status')).toHaveTextContent('Loading relationships...');

      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer id-token');
      release(Response.json(RELATED_3_2_4));
      expect(await screen.findByText('5 relationships')).toBeInTheDocument();
      expect(screen.queryByText('Loading relationships...')).not.toBeInTheDocument();
    });

    it("shows 'Failed to fetch related paragraphs' when the API refuses", async () => {
      serve({ [RELATED_URL('3.2.4')]: failing(500, 'Internal Server Error') });
      renderPanel();
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch related paragraphs');
    });

    it("shows 'An error occurred while fetching relationships' when the call fails", async () => {
      serve({ [RELATED_URL('3.2.4')]: networkDown });
      renderPanel();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'An error occurred while fetching relationships',
      );
      expect(logged.error).toHaveBeenCalled();
    });

    it("shows 'No relationships found.' for a paragraph with none", async () => {
      serve({ [RELATED_URL('3.2.4')]: json(related(SOURCE, [])) });
      renderPanel();
      expect(await screen.findByText('No relationships found.')).toBeInTheDocument();
      expect(groupRegions()).toEqual([]);
    });

    it('loads the relationships of a new selection', async () => {
      const fetchMock = serve({
        [RELATED_URL('3.2.4')]: json(RELATED_3_2_4),
        [RELATED_URL('3.3.1')]: json(RELATED_3_3_1),
      });
      const { select } = renderPanel();
      await screen.findByText('5 relationships');
      select('3.3.1');
      expect(await screen.findByText('1 relationship')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Section 3.3, Paragraph 1' })).toBeInTheDocument();
      expect(callsOf(fetchMock)).toEqual([RELATED_URL('3.2.4'), RELATED_URL('3.3.1')]);
    });
  });

  describe('subtitle and groups', () => {
    it('names the source paragraph and counts its relationships', async () => {
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4) });
      const { container } = renderPanel();
      await screen.findByText('5 relationships');
      expect(container.querySelector('.related__subtitle')).toHaveTextContent(
        'Section 3.2, Paragraph 45 relationships',
      );
    });

    it("says '1 relationship' for a single one", async () => {
      serve({ [RELATED_URL('3.3.1')]: json(RELATED_3_3_1) });
      renderPanel({ selectedId: '3.3.1' });
      expect(await screen.findByText('1 relationship')).toBeInTheDocument();
      expect(screen.queryByText('1 relationships')).not.toBeInTheDocument();
    });

    it('jumps to the source paragraph when its label is clicked', async () => {
      const user = userEvent.setup();
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4) });
      const { onJumpToSource } = renderPanel();
      await user.click(await screen.findByRole('button', { name: 'Section 3.2, Paragraph 4' }));
      expect(onJumpToSource).toHaveBeenCalledTimes(1);
      expect(onJumpToSource).toHaveBeenCalledWith(unplaced(SOURCE));
    });

    it('groups the items into Background, Elaboration and Other Relationships, in that order, with counts', async () => {
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4) });
      renderPanel();
      await screen.findByText('5 relationships');
      const groups = groupRegions();
      expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual([
        'Background',
        'Elaboration',
        'Other Relationships',
      ]);
      expect(groups.map((group) => within(group).getByRole('heading', { level: 3 }).textContent)).toEqual([
        'Background 2',
        'Elaboration 1',
        'Other Relationships 2',
      ]);
    });

    it("keeps the API's order within a group", async () => {
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4) });
      renderPanel();
      // An item's label is its one toggle (aria-pressed) button.
      const labelsIn = (group: string) =>
        within(screen.getByRole('region', { name: group }))
          .getAllByRole('button', { pressed: false })
          .map((button) => button.textContent);
      await screen.findByText('5 relationships');
      expect(labelsIn('Background')).toEqual(['Section 3.2, Paragraph 1', 'Section 3.1, Paragraph 5']);
      expect(labelsIn('Other Relationships')).toEqual([
        'Section 3.3, Paragraph 2',
        'Section 2.4, Paragraph 1',
      ]);
    });

    it('leaves out a group with no items', async () => {
      serve({ [RELATED_URL('3.3.1')]: json(RELATED_3_3_1) });
      renderPanel({ selectedId: '3.3.1' });
      await screen.findByText('1 relationship');
      expect(groupRegions().map((group) => group.getAttribute('aria-label'))).toEqual(['Background']);
    });
  });

  describe('items', () => {
    it("shows each item's label, page and text", async () => {
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4) });
      renderPanel();
      await screen.findByText('5 relationships');
      const elaboration = itemOf('Section 3.3, Paragraph 1');
      expect(within(elaboration).getByText('Page 42')).toBeInTheDocument();
      expect(
        within(elaboration).getByText('Quotient groups generalise this construction.'),
      ).toBeInTheDocument();
      expect(within(itemOf('Section 2.4, Paragraph 1')).getByText('Page 30')).toBeInTheDocument();
    });

    it('names a paragraph of a section the book gives no number by the section’s title, and its jump too', async () => {
      const user = userEvent.setup();
      serve({ [RELATED_URL('4.properties.2')]: json(RELATED_UNNUMBERED) });
      const { container, store } = renderPanel({
        selectedId: '4.properties.2',
        sectionTitles: UNNUMBERED_TITLES,
      });
      await screen.findByText('2 relationships');
      expect(container.querySelector('.related__source')).toHaveTextContent('“Properties”, Paragraph 2');
      expect(within(itemOf('“Definitions”, Paragraph 1')).getByText('Page 40')).toBeInTheDocument();
      expect(within(itemOf('Section 4.2, Paragraph 3')).getByText('Page 44')).toBeInTheDocument();

      // The navigation history names the jump the same way.
      await user.click(screen.getByRole('button', { name: '“Definitions”, Paragraph 1' }));
      expect(store.getState().history.entries.at(-1)?.label).toBe('“Definitions”, Paragraph 1');
    });

    it('names it by its number alone until the outline is read, then by its title, never by its id', async () => {
      serve({ [RELATED_URL('4.properties.2')]: json(RELATED_UNNUMBERED) });
      const { container, store } = renderPanel({ selectedId: '4.properties.2' });
      await screen.findByText('2 relationships');
      expect(container.querySelector('.related__source')).toHaveTextContent(/^Paragraph 2$/);
      expect(screen.getByRole('button', { name: 'Paragraph 1' })).toBeInTheDocument();
      expect(container).not.toHaveTextContent(/properties|definitions/);

      act(() => store.dispatch({ type: 'sectionTitlesRead', titles: UNNUMBERED_TITLES }));
      expect(container.querySelector('.related__source')).toHaveTextContent('“Properties”, Paragraph 2');
      expect(screen.getByRole('button', { name: '“Definitions”, Paragraph 1' })).toBeInTheDocument();
    });

    it('shows the justification of a relationship', async () => {
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4) });
      renderPanel();
      await screen.findByText('5 relationships');
      expect(itemOf('Section 3.2, Paragraph 1')).toHaveTextContent('Uses the definition of a homomorphism.');
    });

    it("cuts a text longer than 150 characters, with 'See More' and 'See Less'", async () => {
      const user = userEvent.setup();
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4) });
      renderPanel();
      await screen.findByText('5 relationships');
      const definition = itemOf('Section 3.2, Paragraph 1');
      const text = () => definition.querySelector('.related-item__text')?.firstChild?.textContent;
      expect(LONG_TEXT.length).toBeGreaterThan(150);
      expect(text()).toBe(`${LONG_TEXT.slice(0, 150).trimEnd()}...`);

      await user.click(within(definition).getByRole('button', { name: 'See More' }));
      expect(text()).toBe(LONG_TEXT);
      await user.click(within(definition).getByRole('button', { name: 'See Less' }));
      expect(text()).toBe(`${LONG_TEXT.slice(0, 150).trimEnd()}...`);
    });

    it("has no 'See More' for a short text", async () => {
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4) });
      renderPanel();
      await screen.findByText('5 relationships');
      expect(
        within(itemOf('Section 3.3, Paragraph 1')).queryByRole('button', { name: 'See More' }),
      ).toBeNull();
    });

    it('jumps to a related paragraph when its label is clicked', async () => {
      const user = userEvent.setup();
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4) });
      const { onJumpToRelated } = renderPanel();
      await user.click(await screen.findByRole('button', { name: 'Section 3.3, Paragraph 1' }));
      expect(onJumpToRelated).toHaveBeenCalledTimes(1);
      expect(onJumpToRelated).toHaveBeenCalledWith(unplaced(ELABORATION.node));
    });

    it('marks the highlighted item as pressed, matching ids without the book prefix', async () => {
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4) });
      renderPanel({ highlightedId: '12:3.3.1' });
      await screen.findByText('5 relationships');
      expect(screen.getByRole('button', { name: 'Section 3.3, Paragraph 1' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(1);
      expect(screen.getByRole('button', { name: 'Section 3.2, Paragraph 1' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    });
  });

  describe('AI summary', () => {
    const SUMMARY = 'Paragraph 3.2.4 applies the definition of a homomorphism given in 3.2.1.';

    it("cycles 'Explain Relationship', 'Generating...', 'Hide Summary', 'Show Summary' with one request", async () => {
      const user = userEvent.setup();
      let release: (response: Response) => void = () => {};
      const fetchMock = serve({
        [RELATED_URL('3.2.4')]: json(RELATED_3_2_4),
        [SUMMARY_URL]: () => new Promise<Response>((resolve) => (release = resolve)),
      });
      renderPanel();
      await screen.findByText('5 relationships');
      const definition = () => itemOf('Section 3.2, Paragraph 1');
      expect(explainButton('Section 3.2, Paragraph 1')).toHaveTextContent('Explain Relationship');

      await user.click(explainButton('Section 3.2, Paragraph 1'));
      expect(explainButton('Section 3.2, Paragraph 1')).toHaveTextContent('Generating...');
      expect(explainButton('Section 3.2, Paragraph 1')).toBeDisabled();

      await waitFor(() => expect(callsOf(fetchMock)).toContain(SUMMARY_URL));
      release(Response.json({ summary: SUMMARY }));
      expect(await within(definition()).findByText(SUMMARY)).toBeInTheDocument();
      expect(within(definition()).getByRole('heading', { level: 4, name: 'AI Summary' })).toBeInTheDocument();
      expect(explainButton('Section 3.2, Paragraph 1')).toHaveTextContent('Hide Summary');
      expect(explainButton('Section 3.2, Paragraph 1')).toHaveAttribute('aria-expanded', 'true');

      await user.click(explainButton('Section 3.2, Paragraph 1'));
      expect(explainButton('Section 3.2, Paragraph 1')).toHaveTextContent('Show Summary');
      expect(explainButton('Section 3.2, Paragraph 1')).toHaveAttribute('aria-expanded', 'false');
      expect(within(definition()).queryByText(SUMMARY)).not.toBeInTheDocument();
      expect(within(definition()).queryByText('AI Summary')).not.toBeInTheDocument();

      await user.click(explainButton('Section 3.2, Paragraph 1'));
      expect(within(definition()).getByText(SUMMARY)).toBeInTheDocument();
      await user.click(explainButton('Section 3.2, Paragraph 1'));
      await user.click(explainButton('Section 3.2, Paragraph 1'));
      expect(explainButton('Section 3.2, Paragraph 1')).toHaveTextContent('Hide Summary');
      expect(callsOf(fetchMock).filter((call) => call === SUMMARY_URL)).toHaveLength(1);
    });

    it('sends the relationship type, the source paragraph and the related paragraph', async () => {
      const user = userEvent.setup();
      const fetchMock = serve({
        [RELATED_URL('3.2.4')]: json(RELATED_3_2_4),
        [SUMMARY_URL]: json({ summary: SUMMARY }),
      });
      renderPanel();
      await screen.findByText('5 relationships');
      await user.click(explainButton('Section 3.3, Paragraph 1'));
      await screen.findByText(SUMMARY);

      const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/summary')) ?? [];
      const headers = new Headers(init?.headers);
      expect(headers.get('Authorization')).toBe('Bearer id-token');
      expect(headers.get('Content-Type')).toBe('application/json');
      expect(JSON.parse(String(init?.body))).toEqual({
        relationship_type: 'ELABORATION',
        source_paragraph: '3.2.4',
        related_paragraph: '3.3.1',
      });
    });

    it('explains only the item whose button was pressed', async () => {
      const user = userEvent.setup();
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4), [SUMMARY_URL]: json({ summary: SUMMARY }) });
      renderPanel();
      await screen.findByText('5 relationships');
      await user.click(explainButton('Section 3.3, Paragraph 1'));
      await screen.findByText(SUMMARY);
      expect(explainButton('Section 3.2, Paragraph 1')).toHaveTextContent('Explain Relationship');
      expect(screen.getAllByText(SUMMARY)).toHaveLength(1);
    });

    it("warns 'Failed to generate summary' when the API refuses, and may be pressed again", async () => {
      const user = userEvent.setup();
      const fetchMock = serve({
        [RELATED_URL('3.2.4')]: json(RELATED_3_2_4),
        [SUMMARY_URL]: failing(502, 'Bad Gateway'),
      });
      renderPanel();
      await screen.findByText('5 relationships');
      await user.click(explainButton('Section 3.2, Paragraph 1'));
      const warning = await within(itemOf('Section 3.2, Paragraph 1')).findByRole('alert');
      expect(warning).toHaveTextContent('Failed to generate summary');
      expect(explainButton('Section 3.2, Paragraph 1')).toHaveTextContent('Explain Relationship');
      expect(explainButton('Section 3.2, Paragraph 1')).toBeEnabled();

      await user.click(explainButton('Section 3.2, Paragraph 1'));
      await waitFor(() => expect(callsOf(fetchMock).filter((call) => call === SUMMARY_URL)).toHaveLength(2));
    });

    it("warns 'Failed to generate summary' when the summary is empty", async () => {
      const user = userEvent.setup();
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4), [SUMMARY_URL]: json({ summary: '' }) });
      renderPanel();
      await screen.findByText('5 relationships');
      await user.click(explainButton('Section 3.2, Paragraph 1'));
      expect(await within(itemOf('Section 3.2, Paragraph 1')).findByRole('alert')).toHaveTextContent(
        'Failed to generate summary',
      );
      expect(screen.queryByText('AI Summary')).not.toBeInTheDocument();
    });

    it("warns 'An error occurred while generating the summary' when the call fails", async () => {
      const user = userEvent.setup();
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4), [SUMMARY_URL]: networkDown });
      renderPanel();
      await screen.findByText('5 relationships');
      await user.click(explainButton('Section 3.2, Paragraph 1'));
      expect(await within(itemOf('Section 3.2, Paragraph 1')).findByRole('alert')).toHaveTextContent(
        'An error occurred while generating the summary',
      );
      expect(explainButton('Section 3.2, Paragraph 1')).toHaveTextContent('Explain Relationship');
    });

    it('forgets the summaries when another paragraph is selected', async () => {
      const user = userEvent.setup();
      const fetchMock = serve({
        [RELATED_URL('3.2.4')]: json(RELATED_3_2_4),
        [RELATED_URL('3.3.1')]: json(RELATED_3_3_1),
        [SUMMARY_URL]: json({ summary: SUMMARY }),
      });
      const { select } = renderPanel();
      await screen.findByText('5 relationships');
      await user.click(explainButton('Section 3.2, Paragraph 1'));
      await screen.findByText(SUMMARY);

      select('3.3.1');
      await screen.findByText('1 relationship');
      select('3.2.4');
      await screen.findByText('5 relationships');
      expect(explainButton('Section 3.2, Paragraph 1')).toHaveTextContent('Explain Relationship');
      expect(screen.queryByText(SUMMARY)).not.toBeInTheDocument();

      await user.click(explainButton('Section 3.2, Paragraph 1'));
      await screen.findByText(SUMMARY);
      expect(callsOf(fetchMock).filter((call) => call === SUMMARY_URL)).toHaveLength(2);
    });
  });

  describe('clear selection', () => {
    it('is disabled when nothing is selected', () => {
      serve({});
      renderPanel({ selectedId: null });
      expect(screen.getByRole('button', { name: 'Clear selection' })).toBeDisabled();
    });

    it('calls back when a paragraph is selected', async () => {
      const user = userEvent.setup();
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4) });
      const { onClearSelection } = renderPanel();
      const clear = screen.getByRole('button', { name: 'Clear selection' });
      expect(clear).toBeEnabled();
      await user.click(clear);
      expect(onClearSelection).toHaveBeenCalledTimes(1);
    });

    it('shows the nothing-selected text again once the selection is cleared', async () => {
      serve({ [RELATED_URL('3.2.4')]: json(RELATED_3_2_4) });
      const { select } = renderPanel();
      await screen.findByText('5 relationships');
      select(null);
      expect(
        screen.getByText('Click on a paragraph anchor in the PDF to view its relationships.'),
      ).toBeInTheDocument();
      expect(groupRegions()).toEqual([]);
      expect(screen.getByRole('button', { name: 'Clear selection' })).toBeDisabled();
    });
  });
});
