import { Bookmark, Clock, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { historyAge } from '../engine/history-age';
import type { RecentSearch, SavedSearch } from '../engine/search-types';
import { SaveSearchBox } from './save-search-box';

export interface SearchHistoryPanelProps {
  recent: RecentSearch[];
  saved: SavedSearch[];
  query: string;
  now: number;
  onPickRecent: (recent: RecentSearch) => void;
  onPickSaved: (saved: SavedSearch) => void;
  onSave: (name: string) => void;
  onForget: (id: string) => void;
}

const rowClass =
  'flex w-full items-center justify-between gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-surface-hover';

/** Recent searches with their age, saved searches, and saving the current query. */
export function SearchHistoryPanel(props: SearchHistoryPanelProps) {
  const [naming, setNaming] = useState(false);
  return (
    <div data-testid="search-history-panel" className="flex flex-col gap-3">
      <section aria-label="Recent searches" className="flex flex-col gap-1">
        <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">
          Recent searches
        </h3>
        {props.recent.length === 0 && <p className="text-xs text-subtle">No recent searches</p>}
        <ul>
          {props.recent.map((recent) => (
            <li key={recent.query}>
              <button type="button" className={rowClass} onClick={() => props.onPickRecent(recent)}>
                <span className="flex min-w-0 items-center gap-2">
                  <Clock aria-hidden="true" className="size-3.5 shrink-0 text-subtle" />
                  <span className="truncate">{recent.query}</span>
                </span>
                <span className="shrink-0 text-xs text-subtle">
                  {recent.resultCount} · {historyAge(recent.timestamp, props.now)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Saved searches" className="flex flex-col gap-1">
        <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">Saved searches</h3>
        {props.saved.length === 0 && <p className="text-xs text-subtle">No saved searches</p>}
        <ul>
          {props.saved.map((saved) => (
            <li key={saved.id} className="flex items-center gap-1">
              <button type="button" className={rowClass} onClick={() => props.onPickSaved(saved)}>
                <span className="flex min-w-0 items-center gap-2">
                  <Bookmark aria-hidden="true" className="size-3.5 shrink-0 text-subtle" />
                  <span className="truncate font-medium">{saved.name}</span>
                </span>
                <span className="truncate font-mono text-xs text-subtle">{saved.query}</span>
              </button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete saved search ${saved.name}`}
                onClick={() => props.onForget(saved.id)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        {naming ? (
          <SaveSearchBox
            query={props.query}
            onSave={(name) => {
              props.onSave(name);
              setNaming(false);
            }}
            onCancel={() => setNaming(false)}
          />
        ) : (
          <Button
            size="sm"
            className="self-start"
            disabled={props.query.trim() === ''}
            onClick={() => setNaming(true)}
          >
            Save current search
          </Button>
        )}
      </section>
    </div>
  );
}
