import { Button } from '../../ui/Button';

/**
 * What the screens of /fakturering/opfoelgningoekonomi share: the path, the view's own shortcuts (the
 * list's and the form's are the generic record tab's: alt+n, alt+l, mod+s) and the error box with
 * 'Prøv igen'.
 */

export const OPFOELGNING_STI = '/fakturering/opfoelgningoekonomi';

export const OPFOELGNING_TAST = {
  periode: 'alt+p',
  udfyld: 'alt+u',
} as const;

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
