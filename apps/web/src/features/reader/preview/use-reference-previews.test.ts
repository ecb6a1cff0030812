import { describe, expect, it } from 'vitest';
import type { PageReference } from '@threadbook/contracts';
import { UNNUMBERED_TITLES } from '../../../test/unnumbered-book.ts';
import { paragraphLabel } from '../model/index.ts';
import { spanTarget } from './use-reference-previews.ts';

const span = (text: string, target: string): PageReference => ({
  rect: { x: 0.1, y: 0.2, w: 0.1, h: 0.02 },
  text,
  source: '4.2.1',
  target,
  target_page: 41,
  target_y_start: 0.3,
  evidence: 'text',
});

describe('spanTarget', () => {
  it('is named by the reference’s words', () => {
    expect(spanTarget(span(' Theorem 4.10 ', '4.properties.2'), (id) => id).label).toBe('Theorem 4.10');
  });

  it('is named as the reader names its paragraph when the words were not read', () => {
    expect(
      spanTarget(span('', '4.properties.2'), (id) => paragraphLabel(id, UNNUMBERED_TITLES)),
    ).toMatchObject({
      paragraphId: '4.properties.2',
      page: 41,
      yStart: 0.3,
      label: '“Properties”, Paragraph 2',
    });
    expect(spanTarget(span('', '4.properties.2'), (id) => paragraphLabel(id, null)).label).toBe(
      'Paragraph 2',
    );
  });
});
