import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import type { BookListItem } from '@threadbook/contracts';
import { describeError } from '../../lib/api.ts';
import { removeBook } from './uploads-api.ts';
import { booksQueryKey } from './use-books.ts';

interface RemoveBookDialogProps {
  book: BookListItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The confirmation before one of the user's own books is removed (DELETE /api/books/{id}). */
export function RemoveBookDialog({ book, open, onOpenChange }: RemoveBookDialogProps) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeBook(book.id),
    onSuccess: async () => {
      onOpenChange(false);
      await client.invalidateQueries({ queryKey: booksQueryKey, exact: true });
    },
  });
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        if (!next) remove.reset();
        onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog"
          data-testid="remove-book-dialog"
          onEscapeKeyDown={(event) => {
            if (remove.isPending) event.preventDefault();
          }}
        >
          <div className="dialog__body">
            <span className="dialog__icon" aria-hidden="true">
              <TriangleAlert size={22} />
            </span>
            <AlertDialog.Title className="dialog__title">Remove “{book.title}”?</AlertDialog.Title>
            <AlertDialog.Description className="dialog__text">
              Its files, relationship graph, bookmarks and reading position are deleted.
            </AlertDialog.Description>
            {remove.error ? (
              <p className="form-message form-message--error" role="alert">
                {describeError(remove.error, 'The book could not be removed.')}
              </p>
            ) : null}
          </div>
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--secondary" disabled={remove.isPending}>
              Cancel
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action, which would close at once: the dialog stays while it is removed. */}
            <button
              type="button"
              className="button button--danger"
              onClick={() => remove.mutate()}
              disabled={remove.isPending}
            >
              {remove.isPending ? 'Removing…' : 'Remove'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
