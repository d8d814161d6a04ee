import { z } from 'zod';
import { ruleError } from './rules';
import type { ConfigValue, FieldDef, FieldSpec } from './types';

function expectedOneOf(options: readonly string[]): string {
  return `Expected one of: ${options.join(', ')}`;
}

/** The type check alone; its messages name the expected type for the console. */
function typeSchema(spec: FieldSpec): z.ZodType<ConfigValue> {
  switch (spec.kind) {
    case 'integer':
      return z.number({ error: 'Expected an integer' }).int({ error: 'Expected an integer' });
    case 'number':
      return z.number({ error: 'Expected a number' });
    case 'boolean':
      return z.boolean({ error: 'Expected a boolean' });
    case 'string':
      return z.string({ error: 'Expected a string' });
    case 'enum': {
      const options = spec.options ?? [];
      return z.string({ error: expectedOneOf(options) }).refine((v) => options.includes(v), {
        error: expectedOneOf(options),
      });
    }
    case 'string_list': {
      const item = spec.options
        ? z.enum(spec.options as [string, ...string[]], { error: expectedOneOf(spec.options) })
        : z.string({ error: 'Expected a list of strings' });
      return z.array(item, { error: 'Expected a list of strings' });
    }
  }
}

/**
 * Declares one setting. The zod schema carries the type check plus the spec's rule messages, so
 * `schema.safeParse` is the single validator the settings API uses.
 */
export function defineField(spec: FieldSpec): FieldDef {
  const schema = typeSchema(spec).superRefine((value, ctx) => {
    const message = ruleError(spec, value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
  const parsed = schema.safeParse(spec.default);
  if (!parsed.success) {
    // A bad default is a programming error: fail at import, not at the first save.
    throw new Error(`Default of ${spec.path} is invalid: ${parsed.error.issues[0]?.message}`);
  }
  return {
    spec,
    path: spec.path,
    schema,
    restartRequired: spec.restartRequired ?? false,
    secret: spec.secret ?? false,
    usedByDeployment: spec.usedByDeployment ?? true,
  };
}

type Shared = Pick<FieldSpec, 'owner' | 'section'>;
type Local = Omit<FieldSpec, 'owner' | 'section' | 'path'>;

/**
 * Declares a group of fields under one dotted prefix, owner and section, which keeps the block
 * files close to the shape the spec lists them in.
 */
export function defineSection(
  prefix: string,
  shared: Shared,
  fields: Record<string, Local>,
): FieldDef[] {
  return Object.entries(fields).map(([key, local]) =>
    defineField({ ...local, ...shared, path: `${prefix}.${key}` }),
  );
}
