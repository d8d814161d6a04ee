import type { LogRecord } from '../../ingest/records';

/** What the template miner hands to the detection models for one log record. */
export interface MinedEvent {
  record: LogRecord;
  /** Stable across restarts for the same template. */
  templateId: string;
  /** Template text with variables written `<*>`. */
  template: string;
  /** The values the template's `<*>` slots took in this line, in order. */
  parameters: string[];
  /** True when this line created the template. */
  isNewTemplate: boolean;
  /** How many lines the template has matched so far, this one included. */
  templateCount: number;
}
