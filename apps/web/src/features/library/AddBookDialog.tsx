import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import { UPLOAD_LIMITS } from '@threadbook/contracts';
import type { ChosenPdf } from './use-add-book.ts';

interface AddBookDialogProps {
  chosen: ChosenPdf | null;
  onCancel: () => void;
  onAdd: (title: string, author: string) => void;
}

/** The form before a PDF is sent: its title and author, prefilled from the PDF, editable. */
export function AddBookDialog({ chosen, onCancel, onAdd }: AddBookDialogProps) {
  return (
    <Dialog.Root open={chosen !== null} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid="add-book-dialog">
          <div className="dialog__body">
            <Dialog.Title className="dialog__title">Add a book</Dialog.Title>
            <Dialog.Description className="dialog__text">
              {chosen ? `From ${chosen.file.name}. ` : null}Only you will see it in your library.
            </Dialog.Description>
          </div>
          {chosen?.prefill ? (
            <BookTextForm
              key={chosen.file.name + chosen.file.size}
              initial={chosen.prefill}
              submitLabel="Add book"
              onSubmit={onAdd}
            />
          ) : (
            <div className="dialog__body library-dialog__reading" role="status">
              <LoaderCircle className="spinner__icon" size={20} aria-hidden="true" />
              Reading the PDF…
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface BookTextFormProps {
  initial: { title: string; author: string };
  submitLabel: string;
  busy?: boolean;
  /** A message of the server's, shown above the buttons. */
  error?: string | null;
  onSubmit: (title: string, author: string) => void;
}

/** Title and author fields with the dialog's buttons (Cancel closes the Radix dialog around it). */
export function BookTextForm({ initial, submitLabel, busy = false, error, onSubmit }: BookTextFormProps) {
  const [title, setTitle] = useState(initial.title);
  const [author, setAuthor] = useState(initial.author);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const authorId = useId();
  const errorId = useId();
  const shown = problem ?? error ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setProblem('Title must not be empty');
      return;
    }
    setProblem(null);
    onSubmit(title.trim(), author.trim());
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="dialog__body library-dialog__fields">
        <div className="field">
          <label className="field__label" htmlFor={titleId}>
            Title
          </label>
          <input
            id={titleId}
            className="input"
            value={title}
            maxLength={UPLOAD_LIMITS.textLength}
            onChange={(event) => setTitle(event.target.value)}
            aria-describedby={shown ? errorId : undefined}
            aria-invalid={problem !== null || undefined}
            required
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={authorId}>
            Author
          </label>
          <input
            id={authorId}
            className="input"
            value={author}
            maxLength={UPLOAD_LIMITS.textLength}
            onChange={(event) => setAuthor(event.target.value)}
          />
        </div>
        {shown ? (
          <p className="form-message form-message--error" id={errorId} role="alert">
            {shown}
          </p>
        ) : null}
      </div>
      <div className="dialog__actions">
        <Dialog.Close className="button button--secondary" type="button" disabled={busy}>
          Cancel
        </Dialog.Close>
        <button className="button button--primary" type="submit" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
