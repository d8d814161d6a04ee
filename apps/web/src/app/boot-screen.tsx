/**
 * The same 'Loading...' screen index.html shows before React mounts (classes in index.css), used
 * while the first page's code loads, so the hand-over is seamless.
 */
export function BootScreen() {
  return (
    <div className="boot-screen" role="status" aria-live="polite">
      <div className="boot-spinner" aria-hidden="true" />
      <p className="boot-text">Loading...</p>
    </div>
  );
}
