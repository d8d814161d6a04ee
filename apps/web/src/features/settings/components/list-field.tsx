import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import type { ListStyle } from '../lib/config-form';
import { formatLines, parseLines } from '../lib/list-text';

const MAX_ROWS = 8;

export interface ListFieldProps {
  id: string;
  label: string;
  text: string;
  options: readonly string[] | undefined;
  listStyle: ListStyle;
  invalid: boolean;
  describedBy: string;
  onText(text: string): void;
}

/**
 * A list setting: a checkbox per choice when the items come from a fixed set, otherwise one item
 * per line (or comma-separated where the spec says so).
 */
export function ListField({
  id,
  label,
  text,
  options,
  listStyle,
  invalid,
  describedBy,
  onText,
}: ListFieldProps) {
  const common = {
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  if (options) {
    const chosen = new Set(parseLines(text));
    const toggle = (option: string, on: boolean) =>
      onText(formatLines(options.filter((item) => (item === option ? on : chosen.has(item)))));
    return (
      <fieldset id={id} aria-label={label} className="flex flex-wrap gap-x-4 gap-y-2" {...common}>
        {options.map((option) => (
          <Checkbox
            key={option}
            label={option}
            checked={chosen.has(option)}
            onChange={(event) => toggle(option, event.target.checked)}
          />
        ))}
      </fieldset>
    );
  }
  if (listStyle === 'comma') {
    return (
      <Input
        id={id}
        {...common}
        value={text}
        placeholder="a@example.com, b@example.com"
        onChange={(event) => onText(event.target.value)}
      />
    );
  }
  const rows = Math.min(MAX_ROWS, Math.max(3, text.split('\n').length + 1));
  return (
    <Textarea
      id={id}
      {...common}
      rows={rows}
      value={text}
      placeholder="One item per line"
      onChange={(event) => onText(event.target.value)}
    />
  );
}
