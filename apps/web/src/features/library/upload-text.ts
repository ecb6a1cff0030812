import type { Upload } from '@threadbook/contracts';

/** "about 3 min left", "less than a minute left": rounded up to whole minutes. */
export function timeLeftText(secondsLeft: number): string {
  if (secondsLeft < 60) return 'less than a minute left';
  return `about ${Math.ceil(secondsLeft / 60)} min left`;
}

/** What an upload tile says of where an upload is, in words. */
export function uploadStageText(
  upload: Pick<Upload, 'state' | 'stage' | 'progress' | 'secondsLeft'>,
): string {
  if (upload.state === 'failed') return 'Could not be added';
  if (upload.state === 'done') return 'Added';
  if (upload.state === 'queued' || upload.stage === null) return 'Waiting…';
  switch (upload.stage) {
    case 'checking':
      return 'Checking the PDF…';
    case 'extracting': {
      if (!upload.progress) return 'Reading pages…';
      const pages = `Reading pages ${upload.progress.done} of ${upload.progress.total}`;
      return upload.secondsLeft === null ? `${pages}…` : `${pages} — ${timeLeftText(upload.secondsLeft)}`;
    }
    case 'graph':
      return 'Building the relationship graph…';
    case 'cover':
      return 'Rendering the cover…';
    case 'saving':
      return 'Saving…';
  }
}

/** The bytes sent of a PDF being uploaded, as the tile says it. */
export function sendingText(sent: number, total: number): string {
  const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
  return `Uploading… ${percent}%`;
}
