import { useId, type ReactNode, type Ref } from 'react';

interface SidebarSectionProps {
  title: string;
  /** The title takes focus when what had it goes away (a removed row's button). */
  titleRef?: Ref<HTMLHeadingElement>;
  /** Why loading or the last change failed: an alert above the list, which stays usable. */
  error: string | null;
  status: 'loading' | 'loaded' | 'error';
  /** Said while the list loads. */
  loading: string;
  /** Said when it has loaded empty. */
  empty: string;
  /** Whether there is anything to list. */
  filled: boolean;
  children: ReactNode;
}

/**
 * A sidebar tab's own list (bookmarks, notes): its title, an alert when something failed, and then what
 * it holds, or that it is loading, or that it is empty. After a failed load there is no telling whether
 * there is anything: the alert says enough.
 */
export function SidebarSection({
  title,
  titleRef,
  error,
  status,
  loading,
  empty,
  filled,
  children,
}: SidebarSectionProps) {
  const titleId = useId();
  return (
    <section className="sidebar-section" aria-labelledby={titleId}>
      <h2 className="sidebar-section__title" id={titleId} ref={titleRef} tabIndex={-1}>
        {title}
      </h2>
      {error && (
        <p className="sidebar-section__error" role="alert">
          {error}
        </p>
      )}
      {status === 'loading' ? (
        <p className="sidebar-section__message" role="status">
          {loading}
        </p>
      ) : filled ? (
        children
      ) : (
        status === 'loaded' && <p className="sidebar-section__message">{empty}</p>
      )}
    </section>
  );
}
