import { FlaskConical } from 'lucide-react';

/** Says plainly that nothing on this screen comes from the running system. */
export function SampleNotice() {
  return (
    <div
      role="note"
      className="mb-6 flex items-start gap-2 rounded-lg border border-info/40 bg-info/10 px-4 py-3 text-sm text-info-foreground"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong className="font-semibold">Sample content.</strong> The recommender is not connected
        yet: the scans and recommendations below are static examples, not findings about this
        system, and nothing here is sent to the server.
      </p>
    </div>
  );
}
