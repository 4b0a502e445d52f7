import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database';

/** An auto-incrementing integer primary key in either dialect. */
export function withIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (column) => column.primaryKey())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}
