/** The kinds of item the search knows (spec part 1 section 3, "Search items"). */
export const SEARCH_ITEM_TYPES = [
  'anomaly',
  'action',
  'application',
  'audit',
  'agent',
  'configuration',
  'incident',
  'execution',
] as const;
export type SearchItemType = (typeof SEARCH_ITEM_TYPES)[number];

export interface SearchItemMetadata {
  severity?: string;
  status?: string;
  /** ISO 8601. */
  timestamp?: string;
  component?: string;
  incidentId?: number;
  traceId?: string;
  tags?: string[];
  agentId?: string;
  /** Configuration results: where the field lives in Settings. */
  tab?: string;
  section?: string;
  field?: string;
}

/** One entry of the index, built from a source record. */
export interface SearchItem {
  id: string;
  title: string;
  description: string;
  type: SearchItemType;
  /** The page the item belongs to. */
  page: string;
  content: string;
  tags: string[];
  keywords: string[];
  /** ISO 8601, or absent when the source has no time. */
  timestamp?: string;
  metadata: SearchItemMetadata;
}

/** The filter panel's state (spec "Search state"); dates are ISO strings. */
export interface SearchFilters {
  types?: SearchItemType[];
  severity?: string[];
  status?: string[];
  tags?: string[];
  components?: string[];
  dateRange?: { start: string; end: string };
}

/** The fields fuzzy matching reads, with the spec's weights. */
export const SEARCH_FIELDS = ['title', 'description', 'content', 'tags', 'keywords'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** Character ranges [start, end] (inclusive) that matched, per field. */
export type MatchRanges = ReadonlyArray<readonly [number, number]>;

export interface FieldMatch {
  field: SearchField;
  /** The text that matched (for tags and keywords, the one entry). */
  value: string;
  ranges: MatchRanges;
}

/** One shown result. */
export interface SearchResult {
  item: SearchItem;
  /** 0..100: 1 minus the match distance, as a percentage. */
  scorePercent: number;
  matches: FieldMatch[];
  /** Field names that matched, in the spec's field order, for 'Matched in: …'. */
  matchedFields: SearchField[];
  /** About 50 characters around the first match, or the description's first 150. */
  snippet: string;
}

export interface SearchResponse {
  results: SearchResult[];
  /** Results per type, before the category restriction. */
  countsByType: Partial<Record<SearchItemType, number>>;
  /** Milliseconds the search took. */
  tookMs: number;
}

export interface RecentSearch {
  query: string;
  /** Epoch milliseconds. */
  timestamp: number;
  resultCount: number;
  filters: SearchFilters;
}

export interface SavedSearch {
  id: string;
  name: string;
  query: string;
  filters?: SearchFilters;
  /** Epoch milliseconds. */
  createdAt: number;
}
