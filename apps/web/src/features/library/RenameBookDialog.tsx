import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookListItem } from '@threadbook/contracts';
import { describeError } from '../../lib/api.ts';
import { BookTextForm } from './AddBookDialog.tsx';
import { renameBook } from './uploads-api.ts';
import { booksQueryKey } from './use-books.ts';

interface RenameBookDialogProps {
  book: BookListItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Renames one of the user's own books (PATCH /api/books/{id}); the server's refusals are shown. */
export function RenameBookDialog({ book, open, onOpenChange }: RenameBookDialogProps) {
  const client = useQueryClient();
  const rename = useMutation({
    mutationFn: (body: { title: string; author: string }) =>
      renameBook(book.id, body.author ? body : { title: body.title }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: booksQueryKey, exact: true });
      onOpenChange(false);
    },
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (rename.isPending) return;
        if (!next) rename.reset();
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid="rename-dialog">
          <div className="dialog__body">
            <Dialog.Title className="dialog__title">Rename “{book.title}”</Dialog.Title>
            <Dialog.Description className="dialog__text">
              The title and author your library shows for this book.
            </Dialog.Description>
          </div>
          <BookTextForm
            initial={{ title: book.title, author: book.author }}
            submitLabel={rename.isPending ? 'Saving…' : 'Save'}
            busy={rename.isPending}
            error={rename.error ? describeError(rename.error, 'The book could not be renamed.') : null}
            onSubmit={(title, author) => rename.mutate({ title, author })}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
