import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Anything that runs a query: the database or a transaction. */
export interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

interface TableState {
  table: PgTable;
  name: string;
  /** property name -> database column name */
  columns: Map<string, string>;
  hasId: boolean;
  nextId: number;
  rows: Record<string, unknown>[];
  count: number;
}

export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Buffers rows per table and writes them in large multi-row INSERTs: one JSON parameter per
 * statement, expanded by json_populate_recordset (one round trip per few thousand rows, no limit on
 * the number of bind parameters, the same SQL on PGlite and PostgreSQL).
 *
 * Ids are assigned here, before insertion, so that children can refer to parents without reading
 * ids back; the sequences are moved past them at the end. Tables are flushed in the order given,
 * which must put parents before children.
 */
export class BulkWriter {
  private readonly states = new Map<PgTable, TableState>();
  private readonly order: TableState[] = [];
  private buffered = 0;

  constructor(
    private readonly exec: Executor,
    tables: PgTable[],
    private readonly opts: { batchRows: number; flushAt: number } = { batchRows: 5000, flushAt: 20000 },
  ) {
    for (const table of tables) {
      const cols = getTableColumns(table);
      const columns = new Map<string, string>();
      for (const [key, col] of Object.entries(cols)) columns.set(key, col.name);
      const state: TableState = {
        table,
        name: getTableName(table),
        columns,
        hasId: columns.get('id') === 'id',
        nextId: 1,
        rows: [],
        count: 0,
      };
      this.states.set(table, state);
      this.order.push(state);
    }
  }

  private state(table: PgTable): TableState {
    const s = this.states.get(table);
    if (!s) throw new Error(`BulkWriter: table not registered: ${getTableName(table)}`);
    return s;
  }

  /** Reads the highest existing id of every table so that new ids follow it. */
  async init(): Promise<void> {
    for (const s of this.order) {
      if (!s.hasId) continue;
      const res = await this.exec.execute(sql.raw(`SELECT COALESCE(MAX(id), 0)::int AS m FROM "${s.name}"`));
      s.nextId = (rowsOf<{ m: number }>(res)[0]?.m ?? 0) + 1;
    }
  }

  /** Reserves the next id of a table (for a row pushed later). */
  allocId(table: PgTable): number {
    return this.state(table).nextId++;
  }

  /** Buffers a row; assigns an id when the table has one and the row carries none. Returns the id. */
  push<T extends PgTable>(table: T, row: T['$inferInsert']): number {
    const s = this.state(table);
    const r = row as Record<string, unknown>;
    let id = 0;
    if (s.hasId) {
      if (typeof r.id === 'number') id = r.id;
      else {
        id = s.nextId++;
        r.id = id;
      }
    }
    s.rows.push(r);
    s.count++;
    this.buffered++;
    return id;
  }

  /** Writes everything buffered once enough rows have piled up. */
  async maybeFlush(): Promise<void> {
    if (this.buffered >= this.opts.flushAt) await this.flush();
  }

  async flush(): Promise<void> {
    for (const s of this.order) {
      while (s.rows.length > 0) {
        const chunk = s.rows.splice(0, this.opts.batchRows);
        await this.insertChunk(s, chunk);
      }
    }
    this.buffered = 0;
  }

  /** Inserts rows; rows are grouped by the columns they set, so that omitted columns get their defaults. */
  private async insertChunk(s: TableState, chunk: Record<string, unknown>[]): Promise<void> {
    const groups = new Map<string, { keys: string[]; rows: Record<string, unknown>[] }>();
    for (const r of chunk) {
      const keys = Object.keys(r).filter((k) => r[k] !== undefined);
      const sig = keys.join(',');
      let g = groups.get(sig);
      if (!g) {
        g = { keys, rows: [] };
        groups.set(sig, g);
      }
      g.rows.push(r);
    }
    for (const g of groups.values()) await this.insertGroup(s, g.keys, g.rows);
  }

  private async insertGroup(s: TableState, keys: string[], rows: Record<string, unknown>[]): Promise<void> {
    const dbNames = keys.map((k) => {
      const n = s.columns.get(k);
      if (!n) throw new Error(`BulkWriter: unknown column ${s.name}.${k}`);
      return n;
    });
    const payload = rows.map((r) => {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) o[dbNames[i]!] = r[keys[i]!];
      return o;
    });
    const cols = dbNames.map((n) => `"${n}"`).join(', ');
    const query = sql.raw(
      `INSERT INTO "${s.name}" (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::"${s.name}", `,
    );
    query.append(sql`${JSON.stringify(payload)}::json)`);
    try {
      await this.exec.execute(query);
    } catch (e) {
      // The driver's error carries the whole JSON payload; report the database's message only.
      const cause = (e as { cause?: { message?: string; detail?: string } }).cause;
      const msg = cause?.message ?? (e as Error).message.slice(0, 500);
      throw new Error(
        `Seed: INSERT INTO ${s.name} (${rows.length} rows) failed: ${msg}${cause?.detail ? ` – ${cause.detail.slice(0, 500)}` : ''}`,
      );
    }
  }

  /** Flushes and moves every sequence past the ids handed out. */
  async finish(): Promise<void> {
    await this.flush();
    for (const s of this.order) {
      if (!s.hasId) continue;
      await this.exec.execute(
        sql.raw(`SELECT setval(pg_get_serial_sequence('"${s.name}"', 'id'), ${s.nextId}, false)`),
      );
    }
  }

  /** Rows written (or buffered) per table name. */
  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const s of this.order) out[s.name] = s.count;
    return out;
  }

  count(table: PgTable): number {
    return this.state(table).count;
  }
}
