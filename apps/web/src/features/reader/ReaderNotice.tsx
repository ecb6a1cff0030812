import { useEffect, useState } from 'react';
import { TriangleAlert, X } from 'lucide-react';

/** How long a notice stays unless closed first. */
const NOTICE_MS = 6000;

/**
 * A failure the student should hear of while the part of the screen that tells it is closed (a bookmark
 * the server refused, with the sidebar hidden): shown over the pages for a few seconds. Mount it when the
 * message appears; it shows once per mount.
 */
export function ReaderNotice({ message }: { message: string }) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(false), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <div className="reader-notice" role="alert">
      <TriangleAlert size={16} aria-hidden="true" />
      <span>{message}</span>
      <button
        type="button"
        className="icon-button reader-notice__close"
        aria-label="Close"
        onClick={() => setShown(false)}
      >
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
