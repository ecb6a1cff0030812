import { useState } from 'react';

interface CommitInputProps<T> {
  className: string;
  label: string;
  /** What the input shows when the student is not editing it. */
  value: string;
  /** The value typed, or null when it is not allowed. */
  parse: (text: string) => T | null;
  onCommit: (value: T) => void;
}

/**
 * A text input that takes effect on Enter or blur. What the student types is kept only while editing: an
 * allowed value is committed, anything else (or Escape) puts back `value`, which the input then follows.
 */
export function CommitInput<T>({ className, label, value, parse, onCommit }: CommitInputProps<T>) {
  const [draft, setDraft] = useState<string | null>(null);

  function commit() {
    if (draft === null) return;
    setDraft(null);
    const parsed = parse(draft);
    if (parsed !== null) onCommit(parsed);
  }

  return (
    <input
      className={className}
      type="text"
      inputMode="numeric"
      aria-label={label}
      value={draft ?? value}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        else if (event.key === 'Escape') setDraft(null);
      }}
    />
  );
}
