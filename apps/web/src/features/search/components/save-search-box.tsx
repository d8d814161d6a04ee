import { useState } from 'react';
import { Input } from '../../../components/ui/input';
import { saveSearchProblem } from '../engine/search-history';

export interface SaveSearchBoxProps {
  query: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}

/** The name box of a saved search: Enter saves, Escape cancels (spec part 1 section 2). */
export function SaveSearchBox({ query, onSave, onCancel }: SaveSearchBoxProps) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1">
      <Input
        autoFocus
        aria-label="Saved search name"
        placeholder="Name this search"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            const reason = saveSearchProblem(name, query);
            if (reason === null) onSave(name.trim());
            else setProblem(reason === 'name' ? 'Enter a name' : 'Type a query to save');
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      {problem && <p className="text-xs text-destructive-foreground">{problem}</p>}
    </div>
  );
}
