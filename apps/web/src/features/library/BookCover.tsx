import { useState } from 'react';
import { BookOpen } from 'lucide-react';
import { useCover } from './use-cover.ts';

/** The first page of the book, or a quiet placeholder while it loads or if it cannot be shown. */
export function BookCover({ id, title }: { id: number; title: string }) {
  const cover = useCover(id);
  const [broken, setBroken] = useState<string>();
  const url = cover.status === 'ready' && cover.url !== broken ? cover.url : undefined;
  const state = url ? 'ready' : cover.status === 'loading' ? 'loading' : 'failed';
  return (
    <div className="book-cover" data-state={state} data-testid="book-cover">
      {url ? (
        <img
          className="book-cover__image"
          src={url}
          alt={`Cover of ${title}`}
          onError={() => setBroken(url)}
        />
      ) : (
        <div className="book-cover__placeholder" aria-hidden="true">
          <BookOpen className="book-cover__icon" size={32} strokeWidth={1.5} />
        </div>
      )}
    </div>
  );
}
