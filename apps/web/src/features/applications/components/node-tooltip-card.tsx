import type { NodeTooltipModel } from '../lib/node-tooltip';

/** The hover card of a node: where it runs, its six figures and up to six tags. */
export function NodeTooltipCard({ model }: { model: NodeTooltipModel }) {
  return (
    <div
      role="tooltip"
      data-testid="node-tooltip"
      className="w-64 rounded-lg border border-border-strong bg-surface-raised p-3 text-xs shadow-xl shadow-black/40"
    >
      <p className="truncate text-sm font-semibold text-foreground">{model.name}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-muted">
        <dt>Environment</dt>
        <dd className="truncate text-foreground">{model.environment}</dd>
        <dt>Namespace</dt>
        <dd className="truncate text-foreground">{model.namespace}</dd>
        <dt>Group</dt>
        <dd className="truncate text-foreground">{model.group}</dd>
      </dl>
      <dl className="mt-2 grid grid-cols-3 gap-1.5">
        {model.tiles.map((tile) => (
          <div key={tile.label} className="rounded-md bg-surface px-2 py-1.5">
            <dt className="text-[0.6875rem] text-subtle">{tile.label}</dt>
            <dd className="font-mono text-foreground tabular-nums">{tile.value}</dd>
          </div>
        ))}
      </dl>
      {model.tags.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-1" aria-label="Tags">
          {model.tags.map(([key, value]) => (
            <li
              key={key}
              className="max-w-full truncate rounded bg-surface px-1.5 py-0.5 font-mono text-[0.6875rem] text-muted"
            >
              {key}={value}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
