import { Badge } from '../../../components/ui/badge';
import { visibleTags } from '../lib/action-kind';

/** The first 3 tags and '+N more' (spec part 2 section 9). */
export function ActionTags({ tags, limit = 3 }: { tags: readonly string[]; limit?: number }) {
  const { shown, hidden } = visibleTags(tags, limit);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {shown.map((tag) => (
        <li key={tag}>
          <Badge variant="outline">{tag}</Badge>
        </li>
      ))}
      {hidden > 0 ? (
        <li>
          <Badge variant="secondary">+{hidden} more</Badge>
        </li>
      ) : null}
    </ul>
  );
}
