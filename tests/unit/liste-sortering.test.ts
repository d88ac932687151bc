import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sorteringSql } from '../../src/server/db/liste';

const tekst = (q: ReturnType<typeof sorteringSql>) => new PgDialect().sqlToQuery(q).sql;
const kolonner = { navn: [sql`v.navn_sortering`, sql`v.navn`], by: [sql`v.postdistrikt`] };

describe('sorteringSql (the list stack ORDER BY)', () => {
  it('puts empty values last in both directions and ends with the tie-break', () => {
    expect(tekst(sorteringSql(kolonner, { sortByColumn: 'by', sortDirection: 'DESC' }, sql`v.id`))).toBe(
      'order by v.postdistrikt desc nulls last, v.id desc',
    );
  });

  it('leaves out "nulls last" for a column that is never empty, so its index reads backwards', () => {
    const q = { sortByColumn: 'navn', sortDirection: 'DESC' } as const;
    expect(tekst(sorteringSql(kolonner, q, sql`v.id`, ['navn']))).toBe(
      'order by v.navn_sortering desc, v.navn desc, v.id desc',
    );
    expect(tekst(sorteringSql(kolonner, { ...q, sortByColumn: 'by' }, sql`v.id`, ['navn']))).toBe(
      'order by v.postdistrikt desc nulls last, v.id desc',
    );
  });
});
