import { useId } from 'react';
import { X } from 'lucide-react';
import type { RelatedParagraph, RelatedParagraphsResponse } from '@threadbook/contracts';
import {
  groupRelationships,
  paragraphLabel,
  relationshipCountText,
  sameParagraphId,
} from '../model/index.ts';
import { RelatedItem } from './RelatedItem.tsx';
import { RelatedMessage, useRelated } from './use-related.ts';
import './related.css';

type SourceNode = RelatedParagraphsResponse['source_node'];

interface RelatedPanelProps {
  bookId: number;
  /** The paragraph whose anchor was chosen; null when none is. */
  selectedId: string | null;
  /** The related paragraph last jumped to, highlighted on its page. */
  highlightedId: string | null;
  onClearSelection: () => void;
  onJumpToSource: (source: SourceNode) => void;
  onJumpToRelated: (item: RelatedParagraph) => void;
}

/** SPEC §2 Related panel: the selected paragraph's relationships in groups, or the state it is in. */
export function RelatedPanel(props: RelatedPanelProps) {
  const { bookId, selectedId, onClearSelection } = props;
  const titleId = useId();
  const related = useRelated(bookId, selectedId);

  return (
    <section className="related" aria-labelledby={titleId}>
      <header className="related__header">
        <h2 className="related__title" id={titleId}>
          Related Paragraphs
        </h2>
        <button
          type="button"
          className="icon-button related__clear"
          aria-label="Clear selection"
          title="Clear selection"
          disabled={selectedId === null}
          onClick={onClearSelection}
        >
          <X size={18} aria-hidden="true" />
        </button>
      </header>
      {related.status === 'idle' && <p className="related__message">{RelatedMessage.nothingSelected}</p>}
      {related.status === 'loading' && (
        <p className="related__message" role="status">
          {RelatedMessage.loading}
        </p>
      )}
      {related.status === 'error' && (
        <p className="related__message related__message--error" role="alert">
          {related.message}
        </p>
      )}
      {related.status === 'loaded' &&
        (related.response.related.length === 0 ? (
          <p className="related__message">{RelatedMessage.none}</p>
        ) : (
          // Keyed by the source: another selection starts with no summaries (SPEC §4).
          <RelatedGroups key={related.response.source_node.id} response={related.response} {...props} />
        ))}
    </section>
  );
}

function RelatedGroups({
  bookId,
  response,
  highlightedId,
  onJumpToSource,
  onJumpToRelated,
}: RelatedPanelProps & { response: RelatedParagraphsResponse }) {
  const source = response.source_node;
  return (
    <>
      <p className="related__subtitle">
        <button
          type="button"
          className="related__source"
          title="Go to this paragraph"
          onClick={() => onJumpToSource(source)}
        >
          {paragraphLabel(source.id)}
        </button>
        <span className="related__count">{relationshipCountText(response.related.length)}</span>
      </p>
      {groupRelationships(response.related).map((group) => (
        <section key={group.key} className="related__group" aria-label={group.title}>
          <h3 className="related__group-title">
            {group.title} <span className="related__group-count">{group.count}</span>
          </h3>
          <ul className="related__list">
            {group.items.map((item) => (
              <RelatedItem
                key={`${item.node.id}:${item.relationship_type}`}
                bookId={bookId}
                sourceId={source.id}
                item={item}
                highlighted={sameParagraphId(highlightedId, item.node.id)}
                showType={group.key === 'other'}
                onJump={onJumpToRelated}
              />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
