import type { Db } from '../db/client.ts';
import { TABLES } from './tables.ts';
import type { ColumnKind, RowOf, TableName, Value } from './tables.ts';

/**
 * Buffers seed rows per table and writes them as
 *   INSERT INTO t (cols) SELECT ... FROM unnest($1::int[], $2::text[], ...)
 * one statement per chunk: a handful of round trips per thousand rows, on PGlite and PostgreSQL alike.
 * The array literals are built here (not by the driver) so both drivers receive the same text.
 */

const ARRAY_TYPE: Record<ColumnKind, string> = {
  int: 'int[]',
  text: 'text[]',
  bool: 'bool[]',
  numeric: 'numeric[]',
  date: 'date[]',
  timestamptz: 'timestamptz[]',
  float8: 'float8[]',
  epoch: 'float8[]',
  text_list: 'text[]',
};

const LIST_SEPARATOR = '\u001f';

function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** One element of a PostgreSQL array literal. */
function element(kind: ColumnKind, value: Value): string {
  if (value === null) return 'NULL';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`seed: non-finite number in a ${kind} column`);
    return String(value);
  }
  if (typeof value === 'string') return kind === 'text' ? quote(value) : value;
  return quote(value.join(LIST_SEPARATOR));
}

function selectExpr(name: string, kind: ColumnKind): string {
  if (kind === 'epoch') return `to_timestamp(${name})`;
  if (kind === 'text_list') return `string_to_array(${name}, chr(31))`;
  return name;
}

class TableBuffer {
  readonly columns: ReadonlyArray<readonly [string, ColumnKind]>;
  private buffers: string[][];
  rows = 0;
  written = 0;

  constructor(readonly table: TableName) {
    this.columns = Object.entries(TABLES[table]) as Array<[string, ColumnKind]>;
    this.buffers = this.columns.map(() => []);
  }

  add(row: Record<string, Value>): void {
    this.columns.forEach(([name, kind], i) => {
      const value = row[name];
      if (value === undefined) throw new Error(`seed: ${this.table}.${name} missing`);
      (this.buffers[i] as string[]).push(element(kind, value));
    });
    this.rows++;
  }

  async flush(db: Db): Promise<void> {
    if (this.rows === 0) return;
    const names = this.columns.map(([name]) => name);
    const params = this.buffers.map((values) => `{${values.join(',')}}`);
    const unnest = this.columns.map(([, kind], i) => `$${i + 1}::${ARRAY_TYPE[kind]}`).join(', ');
    const select = this.columns.map(([name, kind]) => selectExpr(name, kind)).join(', ');
    await db.query(
      `INSERT INTO ${this.table} (${names.join(', ')}) SELECT ${select} FROM unnest(${unnest}) AS u(${names.join(', ')})`,
      params,
    );
    this.written += this.rows;
    this.rows = 0;
    this.buffers = this.columns.map(() => []);
  }
}

export class BulkWriter {
  private readonly buffers: Map<TableName, TableBuffer>;

  constructor(
    private readonly db: Db,
    private readonly chunkRows = 4000,
  ) {
    // Map keeps TABLES' order, which is foreign-key order.
    this.buffers = new Map((Object.keys(TABLES) as TableName[]).map((t) => [t, new TableBuffer(t)]));
  }

  add<T extends TableName>(table: T, row: RowOf<T>): void {
    this.buffer(table).add(row as Record<string, Value>);
  }

  /** True once any table holds a full chunk. */
  full(): boolean {
    for (const buffer of this.buffers.values()) if (buffer.rows >= this.chunkRows) return true;
    return false;
  }

  /** Parents first, so every foreign key already points at a written row. */
  async flushAll(): Promise<void> {
    for (const buffer of this.buffers.values()) await buffer.flush(this.db);
  }

  counts(): Record<TableName, number> {
    const out = {} as Record<TableName, number>;
    for (const [table, buffer] of this.buffers) out[table] = buffer.written + buffer.rows;
    return out;
  }

  private buffer(table: TableName): TableBuffer {
    const buffer = this.buffers.get(table);
    if (!buffer) throw new Error(`seed: unknown table ${table}`);
    return buffer;
  }
}

/**
 * Hands out numbers per kind: ids of the rows the seed writes itself, and the provider's own numbering
 * that fed keys are built from (ORD-100001, TT-204501...).
 */
export class Ids {
  private readonly last = new Map<string, number>();

  next(kind: string): number {
    const id = (this.last.get(kind) ?? 0) + 1;
    this.last.set(kind, id);
    return id;
  }
}
