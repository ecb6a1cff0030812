import { useId, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FileUp, RotateCcw, Trash2, TriangleAlert } from 'lucide-react';
import type { Upload } from '@threadbook/contracts';
import { describeError } from '../../lib/api.ts';
import { removeUpload, retryUpload } from './uploads-api.ts';
import { sendingText, uploadStageText } from './upload-text.ts';
import type { SendingPdf } from './use-add-book.ts';

interface TileFrameProps {
  title: string;
  author: string;
  state: string;
  children: ReactNode;
}

/** An upload's tile: a placeholder cover, its title and author, then what is happening to it. */
function TileFrame({ title, author, state, children }: TileFrameProps) {
  const titleId = useId();
  return (
    <article
      className="book-tile upload-tile"
      aria-labelledby={titleId}
      data-testid="upload-tile"
      data-state={state}
    >
      <div className="book-cover" data-state={state === 'failed' ? 'failed' : 'loading'}>
        <div className="book-cover__placeholder" aria-hidden="true">
          {state === 'failed' ? (
            <TriangleAlert className="book-cover__icon" size={32} strokeWidth={1.5} />
          ) : (
            <FileUp className="book-cover__icon" size={32} strokeWidth={1.5} />
          )}
        </div>
      </div>
      <div className="book-tile__body">
        <div className="book-tile__text">
          <h2 className="book-tile__title" id={titleId}>
            {title}
          </h2>
          {author ? <p className="book-tile__author">{author}</p> : null}
        </div>
        {children}
      </div>
    </article>
  );
}

function ProgressBar({ label, done, total }: { label: string; done: number; total: number }) {
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <div
      className="upload-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
    >
      <div className="upload-progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** A PDF on its way to the server: bytes sent, or why sending failed. */
export function SendingTile({ item, onDismiss }: { item: SendingPdf; onDismiss: () => void }) {
  return (
    <TileFrame title={item.title} author={item.author} state={item.error ? 'failed' : 'sending'}>
      {item.error ? (
        <>
          <p className="upload-tile__error">{item.error}</p>
          <div className="upload-tile__actions">
            <button
              type="button"
              className="button button--secondary upload-tile__button"
              onClick={onDismiss}
            >
              <Trash2 size={16} aria-hidden="true" />
              Remove
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="upload-tile__stage">{sendingText(item.sent, item.total)}</p>
          <ProgressBar label={`Uploading ${item.title}`} done={item.sent} total={item.total} />
        </>
      )}
    </TileFrame>
  );
}

/** An upload the server has: its stage in words, the extraction's pages, or its failure with Remove/Retry. */
export function UploadTile({
  upload,
  onChanged,
}: {
  upload: Upload;
  onChanged: (removedId?: number) => void;
}) {
  const retry = useMutation({ mutationFn: () => retryUpload(upload.id), onSuccess: () => onChanged() });
  const remove = useMutation({
    mutationFn: () => removeUpload(upload.id),
    onSuccess: () => onChanged(upload.id),
  });
  const failed = upload.state === 'failed';
  const busy = retry.isPending || remove.isPending;
  const actionError = retry.error ?? remove.error;
  return (
    <TileFrame title={upload.title} author={upload.author} state={upload.state}>
      <p className="upload-tile__stage">{uploadStageText(upload)}</p>
      {failed ? (
        <>
          {upload.error ? <p className="upload-tile__error">{upload.error}</p> : null}
          {actionError ? (
            <p className="upload-tile__error" role="alert">
              {describeError(actionError, 'That did not work.')}
            </p>
          ) : null}
          <div className="upload-tile__actions">
            {upload.retryable ? (
              <button
                type="button"
                className="button button--secondary upload-tile__button"
                onClick={() => retry.mutate()}
                disabled={busy}
              >
                <RotateCcw size={16} aria-hidden="true" />
                Retry
              </button>
            ) : null}
            <button
              type="button"
              className="button button--secondary upload-tile__button"
              onClick={() => remove.mutate()}
              disabled={busy}
            >
              <Trash2 size={16} aria-hidden="true" />
              Remove
            </button>
          </div>
        </>
      ) : upload.stage === 'extracting' && upload.progress ? (
        <ProgressBar
          label={`Pages read of ${upload.title}`}
          done={upload.progress.done}
          total={upload.progress.total}
        />
      ) : null}
    </TileFrame>
  );
}
