import { describe, expect, it } from 'vitest';
import { queryTerms } from './fold.ts';
import { clearHighlights, CURRENT_CLASS, highlightTextLayer } from './highlight.ts';

/** A text layer as pdf.js draws it: one span per text run, placed in % of the page, <br> at line ends. */
function textLayer(lines: { top: number; runs: string[] }[]): HTMLElement {
  const layer = document.createElement('div');
  layer.className = 'textLayer';
  for (const { top, runs } of lines) {
    for (const run of runs) {
      const span = document.createElement('span');
      span.style.top = `${top}%`;
      span.textContent = run;
      layer.append(span);
    }
    layer.append(document.createElement('br'));
  }
  return layer;
}

const marked = (layer: HTMLElement) =>
  [...layer.querySelectorAll('.find-highlight')].map((mark) => mark.textContent);
const current = (layer: HTMLElement) =>
  [...layer.querySelectorAll(`.${CURRENT_CLASS}`)].map((mark) => mark.textContent);

describe('highlightTextLayer', () => {
  it('marks every match on the page, folded, and the current paragraph’s as current', () => {
    const layer = textLayer([
      { top: 10, runs: ['The Königsberg ', 'bridges.'] },
      { top: 40, runs: ['Euler solved KONIGSBERG; konigsbergs are no match.'] },
      { top: 60, runs: ['Later, Königsberg again.'] },
    ]);
    const marks = highlightTextLayer(layer, queryTerms('konigsberg'), { yStart: 0.4, yEnd: 0.55 });
    expect(marks).toHaveLength(3);
    expect(marked(layer)).toEqual(['Königsberg', 'KONIGSBERG', 'Königsberg']);
    expect(current(layer)).toEqual(['KONIGSBERG']);
    expect(layer.textContent).toContain('Euler solved KONIGSBERG; konigsbergs');
  });

  it('marks a phrase running over two text runs and a line break', () => {
    const layer = textLayer([
      { top: 20, runs: ['a shortest'] },
      { top: 23, runs: ['path ', 'and', ' a short path'] },
    ]);
    highlightTextLayer(layer, queryTerms('"shortest path"'), { yStart: 0.2 });
    expect(marked(layer)).toEqual(['shortest', 'path']);
    expect(current(layer)).toEqual(['shortest', 'path']);
  });

  it('makes the match nearest the hit current when none lies in its region', () => {
    const layer = textLayer([
      { top: 10, runs: ['tree'] },
      { top: 50, runs: ['tree'] },
    ]);
    highlightTextLayer(layer, queryTerms('tree'), { yStart: 0.9 });
    expect([...layer.querySelectorAll(`.${CURRENT_CLASS}`)]).toHaveLength(1);
    expect(layer.querySelectorAll('span')[2]!.querySelector(`.${CURRENT_CLASS}`)).not.toBeNull();
  });

  it('clearHighlights gives back the text layer as it was', () => {
    const layer = textLayer([{ top: 10, runs: ['a tree, a Tree and trees'] }]);
    const before = layer.innerHTML;
    expect(highlightTextLayer(layer, queryTerms('tree'))).toHaveLength(2);
    clearHighlights(layer);
    expect(layer.innerHTML).toBe(before);
    expect(layer.querySelector('span')!.childNodes).toHaveLength(1);
  });

  it('marks nothing for no terms or no match', () => {
    const layer = textLayer([{ top: 10, runs: ['a tree'] }]);
    expect(highlightTextLayer(layer, queryTerms('*'))).toEqual([]);
    expect(highlightTextLayer(layer, queryTerms('forest'))).toEqual([]);
  });
});

describe('the words highlightTextLayer marks', () => {
  const marks = (text: string, query: string) => {
    const layer = textLayer([{ top: 10, runs: [text] }]);
    highlightTextLayer(layer, queryTerms(query));
    return marked(layer);
  };
  it('finds folded terms as whole words, marking the text as written', () => {
    expect(marks('The Königsberg bridges; konigsbergs are not KÖNIGSBERG.', 'konigsberg')).toEqual([
      'Königsberg',
      'KÖNIGSBERG',
    ]);
  });
  it('matches a phrase across any spacing or punctuation, and each of several terms', () => {
    expect(marks('A shortest\npath, a shortest-path tree, a path.', '"shortest path" tree')).toEqual([
      'shortest\npath',
      'shortest-path',
      'tree',
    ]);
  });
  it('keeps offsets right after characters that decompose', () => {
    expect(marks('e\u0301te\u0301 été ETE', 'ete')).toEqual(['e\u0301te\u0301', 'été', 'ETE']);
  });
});
