import type { z } from 'zod';

/** A stored config value. Lists are string lists: the console edits them one item per line. */
export type ConfigValue = string | number | boolean | string[];

/** The flat form of the whole config: dotted key -> value. */
export type ConfigValues = Record<string, ConfigValue>;

export type FieldKind = 'integer' | 'number' | 'boolean' | 'string' | 'enum' | 'string_list';

export const AGENT_IDS = [
  'orchestrator',
  'anomaly_detector',
  'traceability',
  'rca',
  'remediation',
  'executor',
  'collaborator',
] as const;

export type AgentId = (typeof AGENT_IDS)[number];

/** Which block of the system config a field is shown in: the global tab or one agent. */
export type ConfigOwner = 'global' | AgentId;

/** Everything declared about one setting; the zod schema is derived from it once. */
export interface FieldSpec {
  path: string;
  kind: FieldKind;
  default: ConfigValue;
  description: string;
  owner: ConfigOwner;
  /** The settings section (card) the field belongs to. */
  section: string;
  min?: number;
  max?: number;
  /** Allowed values of an enum, or of each item of a string list. */
  options?: readonly string[];
  restartRequired?: boolean;
  secret?: boolean;
  /** False when nothing in this deployment reads the value (stored and validated only). */
  usedByDeployment?: boolean;
  /** Enum values that are accepted but have no mechanism in this deployment. */
  unusedValues?: readonly string[];
  /** A port Vigil listens on: gets the spec's 1024–65535 port message. */
  listenPort?: boolean;
  /** Host-named fields that may stay empty (an optional endpoint). */
  allowEmpty?: boolean;
  /** Extra format check for strings (and string-list items). */
  pattern?: RegExp;
  patternMessage?: string;
}

export interface FieldDef extends Required<
  Pick<FieldSpec, 'restartRequired' | 'secret' | 'usedByDeployment'>
> {
  readonly spec: FieldSpec;
  readonly path: string;
  readonly schema: z.ZodType<ConfigValue>;
}

export interface ConfigIssue {
  path: string;
  message: string;
}
