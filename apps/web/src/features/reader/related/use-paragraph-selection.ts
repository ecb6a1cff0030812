import { useState } from 'react';
import type { RelatedParagraph, RelatedParagraphsResponse } from '@threadbook/contracts';
import { paragraphLabel, sameParagraphId, type HistoryJump } from '../model/index.ts';
import type { AnchorIndex, ParagraphAnchor, ParagraphPlace } from './anchor-index.ts';
import { useJumpIndicator, type JumpIndicator } from './use-jump-indicator.ts';

/** Height given to a jumped-to paragraph the graph does not place (about three lines). */
const UNPLACED_HEIGHT = 0.05;

export interface ParagraphSelection {
  /** The paragraph whose anchor was chosen. */
  selected: ParagraphPlace | null;
  /** The related paragraph last jumped to. */
  highlight: ParagraphPlace | null;
  indicator: JumpIndicator | null;
  selectAnchor: (anchor: ParagraphAnchor) => void;
  clearSelection: () => void;
  jumpToSource: (source: RelatedParagraphsResponse['source_node']) => void;
  jumpToRelated: (item: RelatedParagraph) => void;
}

/**
 * SPEC §4's selection rules: choosing an anchor selects its paragraph, clears the highlight and opens the
 * panel (`openPanel`); clearing drops both. A related paragraph is jumped to (`jump`, a recorded jump),
 * highlighted and pointed at; the same one again only loses its highlight. The source is jumped to with a
 * source arrow.
 */
export function useParagraphSelection(
  anchors: AnchorIndex,
  jump: (to: HistoryJump) => void,
  openPanel: () => void,
): ParagraphSelection {
  const [selected, setSelected] = useState<ParagraphPlace | null>(null);
  const [highlight, setHighlight] = useState<ParagraphPlace | null>(null);
  const [indicator, showIndicator] = useJumpIndicator();

  /** Where a paragraph of the panel is: the graph's place for it, else what the related call said. */
  const placeOf = (node: { id: string; page: number; y_start: number }): ParagraphPlace =>
    anchors.placeOf(node.id) ?? {
      id: node.id,
      page: node.page,
      yStart: node.y_start,
      yEnd: node.y_start + UNPLACED_HEIGHT,
    };
  const jumpToParagraph = (place: ParagraphPlace, kind: 'source' | 'target') => {
    jump({
      pageNumber: place.page,
      source: 'aiPanel',
      label: paragraphLabel(place.id),
      yStart: place.yStart,
    });
    showIndicator({ page: place.page, yStart: place.yStart, kind });
  };

  return {
    selected,
    highlight,
    indicator,
    selectAnchor(anchor) {
      setSelected(anchor);
      setHighlight(null);
      openPanel();
    },
    clearSelection() {
      setSelected(null);
      setHighlight(null);
    },
    jumpToSource: (source) => jumpToParagraph(placeOf(source), 'source'),
    jumpToRelated(item) {
      if (sameParagraphId(highlight?.id, item.node.id)) {
        setHighlight(null);
        return;
      }
      const place = placeOf(item.node);
      setHighlight(place);
      jumpToParagraph(place, 'target');
    },
  };
}
