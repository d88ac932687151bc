import type { OekonomiSummer } from '../../../contract/fakturering';
import { formatHalveTimer, formatOere, MAENGDER } from '../../../contract/format';
import { OPFOELGNING_OEKONOMI, type OpfoelgningOekonomi } from '../../../contract/planlaegning';

/** A row's figure: a field of the kind that is hours or an amount. */
type TalFelt = Exclude<keyof OpfoelgningOekonomi, 'id' | 'periodeId' | 'tekst' | 'bemaerkning' | 'version'>;

/** The row's figures (its hours and amounts fields) in the kind's order: the columns of the table. */
const TAL = OPFOELGNING_OEKONOMI.felter.flatMap((f) =>
  f.type.kind === 'timer' || f.type.kind === 'beloeb'
    ? [{ navn: f.navn as TalFelt, label: f.label, art: f.type.kind }]
    : [],
);

/**
 * The computed figures beside the rows' total: planned hours from the year's plan, registered hours
 * from the user-payment records, invoiced hours and amount from the transferred invoices (credit
 * notes subtracted).
 */
export function Noegletal({
  aar,
  tal,
  raekker,
}: {
  aar: number;
  tal: OekonomiSummer | undefined;
  raekker: readonly OpfoelgningOekonomi[] | undefined;
}) {
  const vent = <span className="muted">…</span>;
  return (
    <section className="fa-noegletal" aria-label={`Nøgletal ${aar}`}>
      <table className="vd-table">
        <thead>
          <tr>
            <th scope="col">{aar}</th>
            {TAL.map((f) => (
              <th key={f.navn} scope="col" className="tal">
                {f.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr data-testid="oekonomi-beregnet">
            <th scope="row">Beregnet af systemet</th>
            <td className="tal">{tal ? formatHalveTimer(tal.planlagteTimerHalve) : vent}</td>
            <td className="tal">{tal ? formatHalveTimer(tal.registreredeTimerHalve) : vent}</td>
            <td className="tal">{tal ? formatHalveTimer(tal.faktureredeTimerHalve) : vent}</td>
            <td className="tal muted">–</td>
            <td className="tal">{tal ? formatOere(tal.faktureretBeloebOere) : vent}</td>
          </tr>
          <tr data-testid="oekonomi-i-alt" className="fa-i-alt">
            <th scope="row">Opfølgningens rækker i alt</th>
            {TAL.map((f) => (
              <td key={f.navn} className="tal">
                {raekker ? MAENGDER[f.art].vis(raekker.reduce((s, r) => s + r[f.navn], 0)) : vent}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <p className="muted small">
        Planlagte timer er årets tilsynsplan. Registrerede timer er brugerbetalingens timer dateret i {aar}.
        Fakturerede timer og beløb er overførte fakturaer for afregningsåret {aar}, kreditnotaer trukket fra.
      </p>
    </section>
  );
}
