import { LoaderCircle } from 'lucide-react';

/** The loading indicator: `role="status"` named 'Loading'. */
export function Spinner({ label = 'Loading', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div
      className={fullPage ? 'spinner spinner--page' : 'spinner'}
      role="status"
      aria-label={label}
      data-testid="spinner"
    >
      <LoaderCircle className="spinner__icon" aria-hidden="true" size={32} />
    </div>
  );
}
