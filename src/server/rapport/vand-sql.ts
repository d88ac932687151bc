import { type SQL, sql } from 'drizzle-orm';
import { LEDNINGSTAB_LED, type LedningstabLed } from '../../contract/vand-regler';
import { IMPORT_EKSPORT_VANDMAENGDER } from '../../contract/vandanlaeg-registreringer';

/**
 * The water rules of src/contract/vand-regler.ts applied in the reports' SQL (issue 29). The line loss
 * is built from the contract's declared terms, so the formula is written once; the share of an import
 * or export record in a period is `andelIPeriode` in SQL. tests/api/vand-regler.test.ts holds both to
 * the functions on hand-computed cases.
 */

/** 6 decimals, like `afrund`. */
const afrundet = (x: SQL): SQL => sql`round((${x})::numeric, 6)::float8`;

/** `ledningstab` of vand-regler.ts from each term's expression: null without a pumped quantity. */
export function ledningstabSql(led: Record<LedningstabLed, SQL>): SQL {
  const sum = sql.join(
    LEDNINGSTAB_LED.map(
      ([navn, fortegn]) => sql`${sql.raw(fortegn > 0 ? '+' : '-')} coalesce(${led[navn]}, 0)`,
    ),
    sql` `,
  );
  return sql`(case when ${led.oppumpet} is null then null else ${afrundet(sql`0 ${sum}`)} end)`;
}

const tilDato = sql`(case when u.data->>'periodeTil' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then left(u.data->>'periodeTil', 10)::date end)`;
const maengde = sql`(case when jsonb_typeof(u.data->'maengde') = 'number' then (u.data->>'maengde')::float8 else 0 end)`;

/**
 * The water a plant imported or exported (`retning`) in the period start..slut: its records'
 * quantities, each × the days it shares with the period ÷ its own days (`andelIPeriode`), summed.
 */
export function udvekslingSql(retning: string, anlaegId: SQL, start: SQL, slut: SQL): SQL {
  return sql`(select ${afrundet(
    sql`coalesce(sum(${maengde} * (least(${tilDato}, ${slut}) - greatest(u.dato, ${start}) + 1) / (${tilDato} - u.dato + 1)), 0)`,
  )}
    from registrering u
    where u.virksomhed_id = ${anlaegId} and u.art = ${IMPORT_EKSPORT_VANDMAENGDER.art} and not u.slettet
      and u.data->>'retning' = ${retning} and u.dato <= ${slut} and ${tilDato} >= ${start} and ${tilDato} >= u.dato)`;
}

/** The sum of a quantity's supply lines (samletLeveretVandmaengde), from its jsonb. */
export function leveretSql(forsyning: SQL): SQL {
  return sql`(select ${afrundet(
    sql`coalesce(sum(case when jsonb_typeof(f.l->'maengde') = 'number' then (f.l->>'maengde')::float8 end), 0)`,
  )}
    from jsonb_array_elements(case when jsonb_typeof(${forsyning}) = 'array' then ${forsyning} else '[]'::jsonb end) as f(l))`;
}
