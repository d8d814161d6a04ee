import { describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS, auditCsv, auditCsvFileName, csvCell } from './audit-csv';
import { anAuditEntry } from './test-audit-entry';

describe('csvCell', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    [0, '0'],
    [1.25, '1.25'],
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+1', "'+1"],
    ['-rf', "'-rf"],
    ['@SUM(A1)', "'@SUM(A1)"],
  ] as const)('%j is written %j', (value, text) => {
    expect(csvCell(value)).toBe(text);
  });

  it('leaves negative numbers alone', () => {
    expect(csvCell(-3)).toBe('-3');
  });
});

describe('auditCsv', () => {
  it('writes the spec columns in order, then one line per entry', () => {
    const csv = auditCsv([
      anAuditEntry({
        timestamp: '2026-11-20T10:00:00.000Z',
        type: 'action_executed',
        description: 'Action "Restart, now" failed after 2 retries',
        severity: 'high',
        incident_id: 7,
        anomaly_event_id: 'an-1',
        action_name: 'Restart, now',
        execution_status: 'failed',
        retry_count: 2,
        execution_duration: 1.5,
        affected_services: ['orders-db', 'payments'],
        root_component: 'orders-db',
        trace_id: 'abc123',
        triggered_by: 'operator',
        agents_involved: ['executor', 'orchestrator'],
        error_message: 'connect ECONNREFUSED\n127.0.0.1:5432',
      }),
    ]);
    const [header, row, end] = csv.split('\r\n');
    expect(header).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(header).toBe(
      'Timestamp,Type,Description,Severity,Incident ID,Anomaly Event ID,Action Name,Execution Status,Retry Count,Duration (s),Affected Services,Root Component,Trace ID,Triggered By,Agents Involved,Error Message',
    );
    expect(row).toBe(
      '2026-11-20T10:00:00.000Z,action_executed,"Action ""Restart, now"" failed after 2 retries",high,7,an-1,"Restart, now",failed,2,1.5,orders-db; payments,orders-db,abc123,operator,executor; orchestrator,"connect ECONNREFUSED\n127.0.0.1:5432"',
    );
    expect(end).toBe('');
  });

  it('leaves empty fields empty', () => {
    const [, row] = auditCsv([anAuditEntry({ root_component: null, agents_involved: [] })]).split(
      '\r\n',
    );
    expect(row?.split(',')).toHaveLength(AUDIT_CSV_COLUMNS.length);
    expect(row).toBe(
      '2026-11-20T10:00:00.000Z,incident_opened,Incident #1 opened on orders-db,high,1,,,,,,,,,orchestrator,,',
    );
  });

  it('is only the header for no entries', () => {
    expect(auditCsv([])).toBe(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`);
  });
});

describe('auditCsvFileName', () => {
  it('names the file after the UTC date', () => {
    expect(auditCsvFileName(new Date('2026-11-22T23:30:00Z'))).toBe('audit-trail-2026-11-22.csv');
  });
});
