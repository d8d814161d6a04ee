/** A setting's value as the settings API carries it; lists are string lists. */
export type ConfigValue = string | number | boolean | string[];

/** The flat form of a config block: dotted key -> value. */
export type FlatConfig = Record<string, ConfigValue>;

export type FieldKind = 'integer' | 'number' | 'boolean' | 'string' | 'enum' | 'string_list';

/** What the form knows about one setting: how to edit it, check it and label it. */
export interface FieldMeta {
  path: string;
  label: string;
  /** The card the field is shown in. */
  section: string;
  kind: FieldKind;
  min?: number;
  max?: number;
  options?: readonly string[];
  /** Enum values the deployment accepts but does not act on. */
  unusedOptions?: readonly string[];
  description?: string;
  required: boolean;
  secret: boolean;
  restartRequired: boolean;
  usedByDeployment: boolean;
  /** The value "Restore default" saves. */
  defaultValue?: ConfigValue;
}
