import { fejlTekst } from '../lib/http-fejl';
import { Spinner } from '../ui/Spinner';

/** The templates' fetch while it runs or when it failed (a letter's and a control point's dialog). */
export function SkabelonHentning({ q }: { q: { isLoading: boolean; isError: boolean; error: unknown } }) {
  return (
    <>
      {q.isLoading && (
        <p>
          <Spinner /> Henter skabeloner …
        </p>
      )}
      {q.isError && <p className="form-alert">Skabelonerne kunne ikke hentes: {fejlTekst(q.error)}</p>}
    </>
  );
}
