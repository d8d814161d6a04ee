/** The Vigil mark: an open eye, drawn inline so it needs no request and no font. */
export function VigilLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-primary/15" />
      <path
        d="M4 16c3.2-5.6 7.2-8.4 12-8.4S24.8 10.4 28 16c-3.2 5.6-7.2 8.4-12 8.4S7.2 21.6 4 16z"
        fill="none"
        className="stroke-primary"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <circle cx="16" cy="16" r="4.2" className="fill-primary" />
    </svg>
  );
}
