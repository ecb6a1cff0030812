import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildBookOutline, type BookOutlineChapter } from '@threadbook/book';
import { describe, expect, it, vi } from 'vitest';
import { renderWithReaderStore } from '../../../test/reader-store.tsx';
import type { ReaderAction } from '../state/index.ts';
import { TocPanel } from './TocPanel.tsx';

/** A small book through the real outline builder: chapter 2 has no page at all, chapter 3 its paragraphs
 * directly inside (the builder gives it a section of its own), chapter 4 nothing. */
const outline: BookOutlineChapter[] = buildBookOutline(`<book title="Algebra">
  <chapter id="1" title="Groups">
    <section id="1.1" title="Definitions"><paragraph id="1:1.1.1" page="3">A group.</paragraph></section>
    <section id="1.2" title="Examples"><paragraph id="1:1.2.1" page="8">Integers.</paragraph></section>
    <section id="1.3" title="Exercises"><paragraph id="1:1.3.1">No page.</paragraph></section>
  </chapter>
  <chapter id="2" title="Preface Notes">
    <section id="2.1" title="Unpaged"><paragraph id="2:2.1.1">Text.</paragraph></section>
  </chapter>
  <chapter id="3" title="Rings">
    <paragraph id="3:3.0.1" page="20">A ring.</paragraph>
  </chapter>
  <chapter id="4" title="Index"/>
</book>`).outline;

function renderToc(currentPage: number) {
  const onNavigate = vi.fn();
  // The recorded jumps it makes, as the table of contents names them.
  const heard = (action: ReaderAction) => {
    if (action.type === 'jump') onNavigate(action.to);
  };
  const view = renderWithReaderStore(<TocPanel outline={outline} />, { page: currentPage }, heard);
  const showPage = (page: number) => act(() => view.store.dispatch({ type: 'pageChanged', page }));
  return { onNavigate, showPage, user: userEvent.setup() };
}

const entry = (name: RegExp) => screen.getByRole('button', { name });
const expander = (title: string) => screen.getByRole('button', { name: `Sections of ${title}` });

describe('TocPanel', () => {
  it("is titled 'Table of Contents' and gives an expand button only to chapters with sections", () => {
    renderToc(1);
    expect(screen.getByRole('navigation', { name: 'Table of Contents' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Table of Contents' })).toBeInTheDocument();
    expect(expander('Groups')).toBeInTheDocument();
    expect(expander('Preface Notes')).toBeInTheDocument();
    expect(expander('Rings')).toBeInTheDocument();
    expect(entry(/^Index/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sections of Index' })).not.toBeInTheDocument();
  });

  it("shows each entry's page by the label printed on it where the book has page labels", () => {
    const pageLabels = ['i', 'ii', 'iii', 'iv', ...Array.from({ length: 346 }, (_, i) => String(i + 1))];
    renderWithReaderStore(<TocPanel outline={outline} />, { page: 1, pageLabels });
    expect(entry(/^Groups/).querySelector('.toc__entry-page')).toHaveTextContent(/^iii$/);
    expect(entry(/^Rings/).querySelector('.toc__entry-page')).toHaveTextContent(/^16$/);
  });

  it('expands and collapses a chapter to show its sections', async () => {
    const { user } = renderToc(1);
    expect(expander('Groups')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /^Definitions/ })).not.toBeInTheDocument();

    await user.click(expander('Groups'));
    expect(expander('Groups')).toHaveAttribute('aria-expanded', 'true');
    const sections = within(screen.getAllByRole('list')[1] as HTMLElement).getAllByRole('button');
    expect(sections.map((section) => section.textContent)).toEqual([
      'Definitions3',
      'Examples8',
      'Exercises',
    ]);

    await user.click(expander('Groups'));
    expect(expander('Groups')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /^Definitions/ })).not.toBeInTheDocument();
  });

  it('disables entries without a page and navigates from the others with their title', async () => {
    const { onNavigate, user } = renderToc(1);
    expect(entry(/^Preface Notes/)).toBeDisabled();
    await user.click(expander('Preface Notes'));
    expect(entry(/^Unpaged/)).toBeDisabled();
    await user.click(entry(/^Unpaged/));
    expect(onNavigate).not.toHaveBeenCalled();

    await user.click(entry(/^Groups/));
    await user.click(expander('Groups'));
    await user.click(entry(/^Examples/));
    expect(entry(/^Exercises/)).toBeDisabled();
    expect(entry(/^Index/)).toBeDisabled();
    expect(onNavigate.mock.calls).toEqual([
      [{ pageNumber: 3, source: 'toc', label: 'Groups' }],
      [{ pageNumber: 8, source: 'toc', label: 'Examples' }],
    ]);
  });

  it('highlights the entry the current page is in, opening its chapter at first', async () => {
    const { showPage, user } = renderToc(9);
    expect(expander('Groups')).toHaveAttribute('aria-expanded', 'true');
    expect(entry(/^Examples/)).toHaveAttribute('aria-current', 'location');
    expect(screen.getAllByRole('button', { current: 'location' })).toHaveLength(1);

    // Folded away, the section's chapter carries the highlight.
    await user.click(expander('Groups'));
    expect(entry(/^Groups/)).toHaveAttribute('aria-current', 'location');

    showPage(25);
    // On a page shared by a chapter and its first section, the section is the entry.
    await user.click(expander('Rings'));
    const [chapter, section] = screen.getAllByRole('button', { name: /^Rings20$/ });
    expect(chapter).not.toHaveAttribute('aria-current');
    expect(section).toHaveAttribute('aria-current', 'location');

    showPage(2);
    expect(screen.queryAllByRole('button', { current: 'location' })).toHaveLength(0);
  });
});
