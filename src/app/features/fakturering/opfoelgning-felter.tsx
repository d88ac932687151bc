import type { OpfoelgningOekonomi } from '../../../contract/planlaegning';
import { Button } from '../../ui/Button';

/**
 * What the screens of /fakturering/opfoelgningoekonomi share: the path, the shortcuts, the row's
 * hours and amounts declared once (the list's columns, the total row, the form's fields and its
 * check come from them) and the error box with 'Prøv igen'.
 */

export const OPFOELGNING_STI = '/fakturering/opfoelgningoekonomi';

export const OPFOELGNING_TAST = {
  periode: 'alt+p',
  ny: 'alt+n',
  liste: 'alt+l',
  gem: 'mod+s',
  udfyld: 'alt+u',
} as const;

export type TalFelt =
  | 'planlagteTimer'
  | 'registreredeTimer'
  | 'faktureredeTimer'
  | 'planlagtBeloebOere'
  | 'faktureretBeloebOere';

/** A row's figure: hours (whole or half) or an amount in øre typed as kroner. */
export interface OpfoelgningTal {
  navn: TalFelt;
  label: string;
  art: 'timer' | 'beloeb';
}

/** The row's figures in the order the list, the total row and the form show them. */
export const OPFOELGNING_TAL: readonly OpfoelgningTal[] = [
  { navn: 'planlagteTimer', label: 'Planlagte timer', art: 'timer' },
  { navn: 'registreredeTimer', label: 'Registrerede timer', art: 'timer' },
  { navn: 'faktureredeTimer', label: 'Fakturerede timer', art: 'timer' },
  { navn: 'planlagtBeloebOere', label: 'Planlagt beløb', art: 'beloeb' },
  { navn: 'faktureretBeloebOere', label: 'Faktureret beløb', art: 'beloeb' },
];

/** A figure summed over the rows. */
export const sumAf = (rows: readonly OpfoelgningOekonomi[], navn: TalFelt) =>
  rows.reduce((s, r) => s + r[navn], 0);

export function FejlBoks({ tekst, onProevIgen }: { tekst: string; onProevIgen(): void }) {
  return (
    <div className="form-alert fa-fejl" role="alert">
      <span>{tekst}</span>
      <Button size="small" color="secondary" onClick={onProevIgen}>
        Prøv igen
      </Button>
    </div>
  );
}
