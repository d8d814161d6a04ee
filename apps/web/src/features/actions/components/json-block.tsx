/** A JSON value shown as formatted text, or 'None' when it is an empty object. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  const empty =
    value === undefined ||
    value === null ||
    (typeof value === 'object' && Object.keys(value).length === 0);
  if (empty) return <p className="text-sm text-subtle">None</p>;
  return (
    <pre
      aria-label={label}
      className="max-h-60 overflow-auto rounded-md border border-border bg-background p-3 font-mono text-xs whitespace-pre-wrap break-all text-foreground"
    >
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}
