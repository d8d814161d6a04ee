import {
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type Expression,
  type RawBuilder,
} from 'kysely';

export type DialectKind = 'sqlite' | 'postgres';

/**
 * Everything that differs between SQLite and PostgreSQL, in one place: column types, booleans,
 * scalar max, row locks and JSON array tests. Repositories never branch on the dialect themselves.
 */
export interface StoreDialect {
  readonly kind: DialectKind;
  readonly types: ColumnTypes;
  /** better-sqlite3 refuses to bind JS booleans. */
  bool(value: boolean): number | boolean;
  greatest(a: Expression<number>, b: Expression<number> | number): RawBuilder<number>;
  least(a: Expression<number>, b: Expression<number> | number): RawBuilder<number>;
  /** SQLite has no row locks; its single connection already serialises writers. */
  forUpdate<Q extends { forUpdate(): Q }>(query: Q): Q;
  /** True when the JSON array at `doc.<key>` holds any of `values` (compared lower-cased). */
  jsonArrayHasAny(docColumn: string, key: string, values: readonly string[]): RawBuilder<boolean>;
}

export interface ColumnTypes {
  epochMs: ColumnDataType;
  bool: ColumnDataType;
  real: ColumnDataType;
  /** An auto-incrementing integer primary key. */
  serial: {
    type: ColumnDataType;
    build: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  };
}

const lowered = (values: readonly string[]) => sql.join(values.map((value) => value.toLowerCase()));

export const sqliteDialect: StoreDialect = {
  kind: 'sqlite',
  types: {
    epochMs: 'integer',
    bool: 'integer',
    real: 'real',
    serial: { type: 'integer', build: (column) => column.primaryKey().autoIncrement() },
  },
  bool: (value) => (value ? 1 : 0),
  greatest: (a, b) => sql<number>`max(${a}, ${b})`,
  least: (a, b) => sql<number>`min(${a}, ${b})`,
  forUpdate: (query) => query,
  jsonArrayHasAny: (docColumn, key, values) =>
    sql<boolean>`exists (select 1 from json_each(${sql.ref(docColumn)}, ${`$.${key}`}) as j
      where lower(j.value) in (${lowered(values)}))`,
};

export const postgresDialect: StoreDialect = {
  kind: 'postgres',
  types: {
    epochMs: 'bigint',
    bool: 'boolean',
    real: 'double precision',
    serial: {
      type: 'bigint',
      build: (column) => column.primaryKey().generatedByDefaultAsIdentity(),
    },
  },
  bool: (value) => value,
  greatest: (a, b) => sql<number>`greatest(${a}, ${b})`,
  least: (a, b) => sql<number>`least(${a}, ${b})`,
  forUpdate: (query) => query.forUpdate(),
  jsonArrayHasAny: (docColumn, key, values) =>
    sql<boolean>`exists (select 1 from jsonb_array_elements_text(${sql.ref(docColumn)}::jsonb -> ${key}) as j(value)
      where lower(j.value) in (${lowered(values)}))`,
};
