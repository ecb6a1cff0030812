/** The Threadbook mark: an open book with a thread running between its pages. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      className="logo-mark"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" className="logo-mark__tile" />
      <path
        d="M7 9.5c3-1.2 6-1.2 9 .8 3-2 6-2 9-.8v13c-3-1.2-6-1.2-9 .8-3-2-6-2-9-.8z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M16 10.3v13" stroke="currentColor" strokeWidth="2" />
      <path
        d="M10 14c2-.6 3.3-.4 4 0M18 18c1.5-.8 3-.8 4 0"
        className="logo-mark__thread"
        strokeWidth="1.6"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
