import { ChevronDown, ChevronUp, Search, X } from 'lucide-react';
import type { KeyboardEvent, Ref } from 'react';
import { FIND_TEXT } from './messages.ts';
import './find.css';

export interface FindBarProps {
  query: string;
  onQueryChange(query: string): void;
  /** "12 results", "No results", "Searching…"; empty when there is nothing to say. */
  status: string;
  /** "3 of 12" once a hit is chosen. */
  position: string;
  /** Whether there are hits to go to. */
  canStep: boolean;
  onNext(): void;
  onPrevious(): void;
  onClose(): void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The find bar: the query, what it found, the previous and next hit, and close. Enter goes to the next
 * hit, Shift+Enter to the previous one, Escape closes it; Ctrl+F inside it selects the query.
 */
export function FindBar({ inputRef, ...props }: FindBarProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (event.shiftKey) props.onPrevious();
      else props.onNext();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      props.onClose();
    } else if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      event.currentTarget.select();
    }
  };

  return (
    <div className="find-bar" role="search" aria-label={FIND_TEXT.findInBook}>
      <Search size={16} aria-hidden="true" className="find-bar__icon" />
      <input
        ref={inputRef}
        className="find-bar__input"
        type="text"
        aria-label={FIND_TEXT.findInBook}
        placeholder={FIND_TEXT.placeholder}
        value={props.query}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => props.onQueryChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <span className="find-bar__status" role="status">
        {props.status}
      </span>
      <span className="find-bar__position" aria-live="polite">
        {props.position}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label={FIND_TEXT.previous}
        title={`${FIND_TEXT.previous} (Shift+Enter)`}
        disabled={!props.canStep}
        onClick={props.onPrevious}
      >
        <ChevronUp size={18} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={FIND_TEXT.next}
        title={`${FIND_TEXT.next} (Enter)`}
        disabled={!props.canStep}
        onClick={props.onNext}
      >
        <ChevronDown size={18} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={FIND_TEXT.close}
        title={`${FIND_TEXT.close} (Escape)`}
        onClick={props.onClose}
      >
        <X size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
