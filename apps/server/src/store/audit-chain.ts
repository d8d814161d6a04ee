import type { AuditEntry } from '@vigil/contract';
import type { Selectable } from 'kysely';
import type { AuditEntriesTable } from './database';
import { canonicalJson, sha256Hex } from './json';
import { toMs } from './time';

/** The entry before the first one. */
export const GENESIS_HASH = '0'.repeat(64);

/** An entry as hashed and stored in `doc`: everything but the chain fields. */
export type AuditBody = Omit<AuditEntry, 'prev_hash' | 'hash'>;

export type ChainVerification =
  { ok: true; checked: number } | { ok: false; seq: number; id: string; reason: string };

export const entryHash = (prevHash: string, body: AuditBody): string =>
  sha256Hex(prevHash + canonicalJson(body));

/** Lower-cased description, action name and error: what the audit search box matches. */
export const auditSearchText = (body: AuditBody): string =>
  [body.description, body.action_name, body.error_message]
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .join('\n')
    .toLowerCase();

/** The indexed columns, derived from the body only, so verification can recompute them. */
export function auditColumns(body: AuditBody) {
  return {
    id: body.id,
    timestamp: toMs(body.timestamp),
    type: body.type,
    severity: body.severity,
    incident_id: body.incident_id,
    execution_status: body.execution_status,
    search_text: auditSearchText(body),
  };
}

type StoredEntry = Omit<Selectable<AuditEntriesTable>, 'seq'>;

/** Why a stored row breaks the chain, or null when it holds. */
export function chainProblem(row: StoredEntry, expectedPrevHash: string): string | null {
  if (row.prev_hash !== expectedPrevHash) return 'prev_hash does not match the previous entry';
  let body: AuditBody;
  let columns: ReturnType<typeof auditColumns>;
  try {
    body = JSON.parse(row.doc) as AuditBody;
    columns = auditColumns(body);
  } catch {
    return 'the stored document is not a valid entry';
  }
  if (entryHash(row.prev_hash, body) !== row.hash) return "hash does not match the entry's content";
  for (const [column, value] of Object.entries(columns)) {
    if ((row[column as keyof typeof columns] ?? null) !== (value ?? null))
      return `column ${column} does not match the entry`;
  }
  return null;
}
