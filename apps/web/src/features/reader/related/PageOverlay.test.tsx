import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookGraphResponse } from '@threadbook/contracts';
import { UNNUMBERED_TITLES } from '../../../test/unnumbered-book.ts';
import type { JumpIndicator, ParagraphPlace, SectionTitles } from '../model/index.ts';
import { buildAnchorIndex, type ParagraphAnchor } from './anchor-index.ts';
import { PageOverlay, TOOLTIP_HIDE_MS } from './PageOverlay.tsx';

/** Page 41 of an algebra book: 3.2.1 at the top, 3.2.2 above the middle, 3.2.3 in the lower half. */
const GRAPH: BookGraphResponse = {
  nodes: [
    { id: '3.2.1', section: '3.2', chapter: '3', page: 41, y_start: 0.1 },
    { id: '3.2.2', section: '3.2', chapter: '3', page: 41, y_start: 0.35 },
    { id: '3.2.3', section: '3.2', chapter: '3', page: 41, y_start: 0.75 },
    { id: '3.3.2', section: '3.3', chapter: '3', page: 43, y_start: 0.2 },
    { id: '3.3.1', section: '3.3', chapter: '3', page: 42, y_start: 0.55 },
  ],
  edges: [
    {
      source: '3.2.2',
      target: '3.3.2',
      type: 'EXAMPLE',
      score: 0.8,
      justification: 'A worked quotient group.',
    },
    { source: '3.3.1', target: '3.2.2', type: 'ELABORATION', score: 0.6, justification: '' },
    {
      source: '3.2.2',
      target: '9.9.9',
      type: 'RELATED',
      score: 0.4,
      justification: 'Cites a later chapter.',
    },
    { source: '3.2.3', target: '3.2.1', type: 'CONTRAST', score: 0.5, justification: 'Abelian or not.' },
  ],
};

const ANCHORS = buildAnchorIndex(GRAPH).anchorsOn(41);
const anchorOf = (id: string) => ANCHORS.find((anchor) => anchor.id === id) as ParagraphAnchor;

/** In UNNUMBERED_OUTLINE's book, 4.properties.2 relates to 4.2.1 and to 4.examples.1. */
const UNNUMBERED_ANCHORS = buildAnchorIndex({
  nodes: [
    { id: '4.properties.2', section: '4.properties', chapter: '4', page: 41, y_start: 0.3 },
    { id: '4.2.1', section: '4.2', chapter: '4', page: 42, y_start: 0.1 },
    { id: '4.examples.1', section: '4.examples', chapter: '4', page: 43, y_start: 0.1 },
  ],
  edges: [
    { source: '4.properties.2', target: '4.2.1', type: 'EXAMPLE', score: 0.8, justification: 'A case.' },
    { source: '4.properties.2', target: '4.examples.1', type: 'RELATED', score: 0.5, justification: 'More.' },
  ],
}).anchorsOn(41);

const place = (id: string, yStart: number, yEnd: number): ParagraphPlace => ({ id, page: 41, yStart, yEnd });

interface OverlayProps {
  anchors?: readonly ParagraphAnchor[];
  selected?: ParagraphPlace | null;
  highlight?: ParagraphPlace | null;
  indicator?: JumpIndicator | null;
  sectionTitles?: SectionTitles | null;
}

function renderOverlay({
  anchors = ANCHORS,
  selected = null,
  highlight = null,
  indicator = null,
  sectionTitles = null,
}: OverlayProps = {}) {
  const onSelect = vi.fn();
  const view = render(
    <PageOverlay
      anchors={anchors}
      selected={selected}
      highlight={highlight}
      indicator={indicator}
      onSelect={onSelect}
      sectionTitles={sectionTitles}
    />,
  );
  return { ...view, onSelect };
}

const anchorButton = (label: string) => screen.getByRole('button', { name: `Relationships of ${label}` });
/** The positioned wrapper of an anchor's button (it also holds the tooltip). */
const anchorBox = (label: string) => anchorButton(label).parentElement as HTMLElement;
/** A CSS percentage as a number: '35%' -> 35. */
const percentOf = (value: string) => {
  expect(value).toMatch(/%$/);
  return Number.parseFloat(value);
};

describe('PageOverlay anchors', () => {
  it('draws one anchor per paragraph with relationships, at 8% of the width and y_start down the page', () => {
    renderOverlay();
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Relationships of Section 3.2, Paragraph 1',
      'Relationships of Section 3.2, Paragraph 2',
      'Relationships of Section 3.2, Paragraph 3',
    ]);
    const box = anchorBox('Section 3.2, Paragraph 2');
    expect(percentOf(box.style.left)).toBeCloseTo(8, 10);
    expect(percentOf(box.style.top)).toBeCloseTo(35, 10);
    expect(percentOf(anchorBox('Section 3.2, Paragraph 3').style.top)).toBeCloseTo(75, 10);
  });

  it('draws nothing for a page without anchors, selection, highlight or arrow', () => {
    const { container } = renderOverlay({ anchors: [] });
    expect(container.querySelector('.page-overlay')?.childElementCount).toBe(0);
  });

  it('calls onSelect with the anchor when it is clicked', async () => {
    const user = userEvent.setup();
    const { onSelect } = renderOverlay();
    await user.click(anchorButton('Section 3.2, Paragraph 2'));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(anchorOf('3.2.2'));
  });

  it('marks the selected anchor as pressed and the others not', () => {
    renderOverlay({ selected: place('3.2.2', 0.35, 0.75) });
    expect(anchorButton('Section 3.2, Paragraph 2')).toHaveAttribute('aria-pressed', 'true');
    expect(anchorButton('Section 3.2, Paragraph 1')).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('PageOverlay tooltip', () => {
  it('is hidden until the anchor is hovered', async () => {
    const user = userEvent.setup();
    renderOverlay();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(anchorButton('Section 3.2, Paragraph 2'));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
  });

  it("lists the label, the count, each relationship's type, section and justification, and the hint", async () => {
    const user = userEvent.setup();
    renderOverlay();
    await user.hover(anchorButton('Section 3.2, Paragraph 2'));
    const tooltip = screen.getByRole('tooltip');
    expect(within(tooltip).getByText('Section 3.2, Paragraph 2')).toBeInTheDocument();
    expect(within(tooltip).getByText('3 relationship(s) available')).toBeInTheDocument();
    // Best first; seen from 3.2.2 the ELABORATION edge from 3.3.1 is a Background one.
    const items = within(tooltip).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Example Section 3.3A worked quotient group.',
      'Background Section 3.3No justification provided',
      'Related Unknown SectionCites a later chapter.',
    ]);
    expect(within(items[2] as HTMLElement).getByText('Unknown Section')).toBeInTheDocument();
    expect(within(tooltip).getByText('Click to see more')).toBeInTheDocument();
  });

  it('names a section the book gives no number by its title, in the label and in the list', async () => {
    const user = userEvent.setup();
    renderOverlay({ anchors: UNNUMBERED_ANCHORS, sectionTitles: UNNUMBERED_TITLES });
    await user.hover(anchorButton('“Properties”, Paragraph 2'));
    const tooltip = screen.getByRole('tooltip');
    expect(within(tooltip).getByText('“Properties”, Paragraph 2')).toBeInTheDocument();
    expect(
      within(tooltip)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Example Section 4.2A case.', 'Related “Examples”More.']);
  });

  it('never shows the id made for a section while its title is not known', async () => {
    const user = userEvent.setup();
    renderOverlay({ anchors: UNNUMBERED_ANCHORS, sectionTitles: null });
    await user.hover(anchorButton('Paragraph 2'));
    const tooltip = screen.getByRole('tooltip');
    expect(
      within(tooltip)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Example Section 4.2A case.', 'Related Unknown SectionMore.']);
    expect(tooltip).not.toHaveTextContent(/properties|examples/);
  });

  it('counts a single relationship the same way', async () => {
    const user = userEvent.setup();
    renderOverlay();
    await user.hover(anchorButton('Section 3.2, Paragraph 1'));
    expect(within(screen.getByRole('tooltip')).getByText('1 relationship(s) available')).toBeInTheDocument();
  });

  it('shows on keyboard focus and describes the anchor', async () => {
    const user = userEvent.setup();
    renderOverlay();
    await user.tab();
    const button = anchorButton('Section 3.2, Paragraph 1');
    expect(button).toHaveFocus();
    const tooltip = screen.getByRole('tooltip');
    expect(button).toHaveAttribute('aria-describedby', tooltip.id);
    expect(within(tooltip).getByText('1 relationship(s) available')).toBeInTheDocument();
  });

  it('takes keyboard focus after its anchor, so a long list can be scrolled, and stays open there', async () => {
    const user = userEvent.setup();
    renderOverlay();
    await user.tab();
    const tooltip = screen.getByRole('tooltip');
    await user.tab();
    expect(tooltip).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('opens below an anchor in the upper half and above one in the lower half', async () => {
    const user = userEvent.setup();
    renderOverlay();
    await user.hover(anchorButton('Section 3.2, Paragraph 2'));
    expect(screen.getByRole('tooltip')).toHaveClass('anchor-tooltip--below');
    expect(screen.getByRole('tooltip')).not.toHaveClass('anchor-tooltip--above');

    await user.hover(anchorButton('Section 3.2, Paragraph 3'));
    const lower = within(anchorBox('Section 3.2, Paragraph 3')).getByRole('tooltip');
    expect(lower).toHaveClass('anchor-tooltip--above');
    expect(lower).not.toHaveClass('anchor-tooltip--below');
  });

  it('opens below an anchor exactly at the middle of the page', async () => {
    const user = userEvent.setup();
    renderOverlay({ anchors: [{ ...anchorOf('3.2.2'), yStart: 0.5 }] });
    await user.hover(anchorButton('Section 3.2, Paragraph 2'));
    expect(screen.getByRole('tooltip')).toHaveClass('anchor-tooltip--below');
  });

  it('closes when the anchor is clicked', async () => {
    const user = userEvent.setup();
    renderOverlay();
    await user.click(anchorButton('Section 3.2, Paragraph 2'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderOverlay();
    await user.tab();
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  describe('hide delay', () => {
    // Synchronous events: user-event's async wrapper waits on a timer Vitest's fake clock never runs.
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

    it('hides 100 ms after the pointer leaves, not before', () => {
      expect(TOOLTIP_HIDE_MS).toBe(100);
      renderOverlay();
      const button = anchorButton('Section 3.2, Paragraph 2');
      fireEvent.pointerEnter(button);
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
      fireEvent.pointerLeave(button);
      advance(99);
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
      advance(1);
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    });

    it('does not open under a drag that selects words, and opens on the next plain hover', () => {
      renderOverlay();
      const button = anchorButton('Section 3.2, Paragraph 2');
      fireEvent.pointerEnter(button, { pointerType: 'mouse', buttons: 1 });
      advance(500);
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      fireEvent.pointerLeave(button);
      fireEvent.pointerEnter(button, { pointerType: 'mouse', buttons: 0 });
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
    });

    it('stays when the pointer comes back within 100 ms', () => {
      renderOverlay();
      const button = anchorButton('Section 3.2, Paragraph 2');
      fireEvent.pointerEnter(button);
      fireEvent.pointerLeave(button);
      advance(60);
      fireEvent.pointerEnter(button);
      advance(500);
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
    });

    it('stays while the pointer moves into it, and hides 100 ms after it leaves the tooltip', () => {
      renderOverlay();
      const button = anchorButton('Section 3.2, Paragraph 2');
      fireEvent.pointerEnter(button);
      const tooltip = screen.getByRole('tooltip');
      fireEvent.pointerLeave(button);
      advance(60);
      fireEvent.pointerEnter(tooltip);
      advance(500);
      expect(screen.getByRole('tooltip')).toBe(tooltip);
      fireEvent.pointerLeave(tooltip);
      advance(99);
      expect(screen.getByRole('tooltip')).toBe(tooltip);
      advance(1);
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    });

    it('stays closed after a click until the pointer leaves the anchor', () => {
      const { onSelect } = renderOverlay();
      const button = anchorButton('Section 3.2, Paragraph 2');
      fireEvent.pointerEnter(button);
      act(() => button.focus());
      fireEvent.click(button);
      expect(onSelect).toHaveBeenCalledTimes(1);
      advance(500);
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      fireEvent.pointerLeave(button);
      fireEvent.pointerEnter(button);
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
    });

    it('hides 100 ms after the anchor loses focus', () => {
      renderOverlay();
      const button = anchorButton('Section 3.2, Paragraph 1');
      act(() => button.focus());
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
      act(() => button.blur());
      advance(99);
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
      advance(1);
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    });
  });
});

describe('PageOverlay marks', () => {
  it('draws the selected-paragraph marker at 1% of the width over the paragraph', () => {
    const { container } = renderOverlay({ selected: place('3.2.2', 0.35, 0.75) });
    const marker = container.querySelector<HTMLElement>('.paragraph-marker');
    expect(marker).toHaveAttribute('data-paragraph-id', '3.2.2');
    expect(percentOf(marker?.style.left ?? '')).toBeCloseTo(1, 10);
    expect(percentOf(marker?.style.top ?? '')).toBeCloseTo(35, 10);
    expect(percentOf(marker?.style.height ?? '')).toBeCloseTo(40, 10);
  });

  it('highlights the paragraph a jump landed on, over its whole extent', () => {
    const { container } = renderOverlay({ highlight: place('3.2.1', 0.1, 0.35) });
    const highlight = container.querySelector<HTMLElement>('.paragraph-highlight');
    expect(highlight).toHaveAttribute('data-paragraph-id', '3.2.1');
    expect(percentOf(highlight?.style.top ?? '')).toBeCloseTo(10, 10);
    expect(percentOf(highlight?.style.height ?? '')).toBeCloseTo(25, 10);
  });

  it('draws the jump arrow at 2% of the width and y_start down, with its kind', () => {
    const indicator: JumpIndicator = { page: 41, yStart: 0.75, kind: 'source', fading: false, serial: 1 };
    const { container } = renderOverlay({ indicator });
    const arrow = container.querySelector<HTMLElement>('.jump-indicator');
    expect(arrow).toHaveAttribute('data-kind', 'source');
    expect(arrow).toHaveAttribute('aria-hidden', 'true');
    expect(arrow).not.toHaveClass('jump-indicator--fading');
    expect(percentOf(arrow?.style.left ?? '')).toBeCloseTo(2, 10);
    expect(percentOf(arrow?.style.top ?? '')).toBeCloseTo(75, 10);
  });

  it('fades the jump arrow when the indicator fades', () => {
    const indicator: JumpIndicator = { page: 41, yStart: 0.1, kind: 'target', fading: true, serial: 3 };
    const { container } = renderOverlay({ indicator });
    const arrow = container.querySelector<HTMLElement>('.jump-indicator');
    expect(arrow).toHaveClass('jump-indicator--fading');
    expect(arrow).toHaveAttribute('data-kind', 'target');
  });

  it('draws no marker, highlight or arrow when there are none', () => {
    const { container } = renderOverlay();
    expect(container.querySelector('.paragraph-marker')).toBeNull();
    expect(container.querySelector('.paragraph-highlight')).toBeNull();
    expect(container.querySelector('.jump-indicator')).toBeNull();
  });
});

describe('the anchors’ introduction on a first visit', () => {
  it('pulses the anchors until it is seen', () => {
    const { container } = render(
      <PageOverlay
        anchors={ANCHORS}
        selected={null}
        highlight={null}
        indicator={null}
        onSelect={vi.fn()}
        sectionTitles={null}
        introducing
      />,
    );
    expect(container.querySelector('.page-overlay--introducing')).not.toBeNull();
    // The note itself stands beside the pages (AnchorIntroduction), never on one.
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('does not pulse once seen', () => {
    const { container } = renderOverlay();
    expect(container.querySelector('.page-overlay--introducing')).toBeNull();
  });
});
