import type { RefObject } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { TriangleAlert } from 'lucide-react';

interface DeleteAccountDialogProps {
  open: boolean;
  /** While the deletion runs, nothing closes the dialog. */
  deleting: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** The button that opened it, which has focus back when it closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * docs/product.md §2 Account Deletion's confirmation: Radix's alert dialog (modal, focus kept inside it, Escape or
 * Cancel closes it, a click outside does not). Cancel has focus as it opens. Its own module, loaded by the
 * profile page, so the app's first load carries no dialog code.
 */
export function DeleteAccountDialog(props: DeleteAccountDialogProps) {
  const { open, deleting, onOpenChange, onConfirm, returnFocusTo } = props;
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!deleting) onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog"
          data-testid="delete-dialog"
          onEscapeKeyDown={(event) => {
            if (deleting) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="dialog__body">
            <span className="dialog__icon" aria-hidden="true">
              <TriangleAlert size={22} />
            </span>
            <AlertDialog.Title className="dialog__title">Delete your account?</AlertDialog.Title>
            <AlertDialog.Description className="dialog__text">
              Your account and your bookmarks will be permanently deleted. This cannot be undone.
            </AlertDialog.Description>
          </div>
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--secondary" disabled={deleting}>
              Cancel
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action, which would close at once: the dialog stays, saying 'Deleting...'. */}
            <button type="button" className="button button--danger" onClick={onConfirm} disabled={deleting}>
              {deleting ? 'Deleting...' : 'Delete Account'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
