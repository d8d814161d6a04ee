import type { FieldInput, FormState, ListStyle } from '../lib/config-form';
import type { FieldMeta, FlatConfig } from '../lib/config-types';
import { groupBySection } from '../lib/field-meta';
import { ConfigField } from './config-field';

export interface FieldSectionsProps {
  fields: readonly FieldMeta[];
  saved: FlatConfig;
  state: FormState;
  listStyle?: (path: string) => ListStyle;
  onInput(path: string, input: FieldInput): void;
  onReset(path: string): void;
  onRestoreDefault?(path: string): Promise<unknown>;
  busy?: boolean;
  /** Shows each section's title (off when the card itself is the only section). */
  titled?: boolean;
  markUnused?: boolean;
}

/** A form's fields in their sections, each section a titled group in a responsive grid. */
export function FieldSections({
  fields,
  saved,
  state,
  listStyle,
  onInput,
  onReset,
  onRestoreDefault,
  busy,
  titled = true,
  markUnused = true,
}: FieldSectionsProps) {
  return (
    <div className="@container flex flex-col gap-5">
      {groupBySection(fields).map((section) => (
        <section
          key={section.title}
          data-section={section.title}
          aria-label={section.title}
          className="rounded-lg"
        >
          {titled ? (
            <h3 className="mb-3 border-b border-border pb-2 text-sm font-semibold tracking-wide text-muted uppercase">
              {section.title}
            </h3>
          ) : null}
          <div className="grid grid-cols-1 gap-x-6 gap-y-5 @lg:grid-cols-2 @5xl:grid-cols-3">
            {section.fields.map((meta) => {
              const field = state.fields[meta.path];
              return field ? (
                <ConfigField
                  key={meta.path}
                  meta={meta}
                  field={field}
                  saved={saved[meta.path]}
                  listStyle={listStyle?.(meta.path)}
                  markUnused={markUnused}
                  onInput={onInput}
                  onReset={onReset}
                  onRestoreDefault={onRestoreDefault}
                  busy={busy}
                />
              ) : null;
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
