import { fejlTekst } from '../lib/http-fejl';
import { Spinner } from '../ui/Spinner';

/** A template list's fetch state in a modal (letters, control points): loading, or why it failed. */
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
