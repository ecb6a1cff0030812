import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithReaderStore } from '../../../test/reader-store.tsx';
import { ANCHOR_INTRODUCTION, AnchorIntroduction } from './AnchorIntroduction.tsx';

describe('AnchorIntroduction', () => {
  it('says what the anchors do on a page with anchors, until Got it', async () => {
    const view = renderWithReaderStore(<AnchorIntroduction pageHasAnchors={() => true} />, {
      anchorsIntroduced: false,
    });
    const note = screen.getByRole('note', { name: 'Related paragraphs' });
    expect(note).toHaveTextContent(ANCHOR_INTRODUCTION);
    await userEvent.click(within(note).getByRole('button', { name: 'Got it' }));
    expect(view.actions).toContainEqual({ type: 'anchorsIntroduced' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('is not shown once seen, nor on a page without anchors', () => {
    renderWithReaderStore(<AnchorIntroduction pageHasAnchors={() => true} />, { anchorsIntroduced: true });
    expect(screen.queryByRole('note')).toBeNull();
    renderWithReaderStore(<AnchorIntroduction pageHasAnchors={() => false} />, { anchorsIntroduced: false });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
