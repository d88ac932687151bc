import { useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { hentLogbog, opretLogbogNotat, opretNotatSchema } from '../../../contract/notes';
import { formatDatoTid } from '../../lib/dates';
import { errorStore } from '../../lib/error-store';
import { HttpError } from '../../lib/http';
import { http } from '../../session/runtime';
import { SpinnerButton } from '../../ui/Button';
import { TextArea, TextInput, useForm } from '../../ui/form';
import { Spinner } from '../../ui/Spinner';

const NOTAT_EMNER = ['Telefonnotat', 'Mail', 'Henvendelse', 'Besigtigelse', 'Andet'];
const PAAKRAEVET = 'Feltet er påkrævet';
const tekst = (max: number) =>
  z.string({ error: PAAKRAEVET }).trim().min(1, PAAKRAEVET).max(max, `Må højst være ${max} tegn`);
/** The log call's own rules (contract/notes), with the form's Danish messages for empty fields. */
const notatForm = z
  .object({ emne: tekst(200), notat: tekst(10_000) })
  .pipe(opretNotatSchema.omit({ virksomhedId: true }));

/** The plant's log (automatic entries of every change, and notes), newest first. */
export const logbogKey = (id: number) => ['vandanlaeg', id, 'logbog'] as const;

/**
 * The plant's log beside the tab: every automatic entry ('Stamoplysninger ændret: …') and the case
 * workers' notes; a case worker adds a note at the top.
 */
export function LogbogPanel({ id, kanRette, onClose }: { id: number; kanRette: boolean; onClose(): void }) {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: logbogKey(id),
    queryFn: ({ signal }) => http.call(hentLogbog, { params: { id }, signal }),
    staleTime: 30_000,
  });
  const form = useForm<{ emne: string; notat: string }>(
    () => ({ emne: 'Telefonnotat', notat: '' }),
    notatForm,
    `notat:ny@vandanlaeg:${id}`,
  );
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const data = form.validate() as { emne: string; notat: string } | null;
    if (!data) return;
    setBusy(true);
    try {
      await http.call(opretLogbogNotat, { body: { virksomhedId: id, ...data }, silent: true });
      form.reset({ emne: data.emne, notat: '' });
      void client.invalidateQueries({ queryKey: logbogKey(id) });
    } catch (err) {
      if (err instanceof HttpError && err.failure.status === 400) form.showServerErrors(err.failure.body);
      else if (err instanceof HttpError) errorStore.push(err.failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="va-panel-inner">
      <div className="va-panel-head">
        <h2>Logbog</h2>
        <button type="button" className="icon-button" aria-label="Luk logbogen" onClick={onClose}>
          <X size={14} aria-hidden="true" />
        </button>
      </div>
      {kanRette && (
        <form className="va-panel-form" ref={form.ref} onSubmit={submit} noValidate aria-label="Ny note">
          <TextInput
            name="emne"
            label="Emne"
            required
            maxLength={200}
            value={form.values.emne}
            error={form.errors.emne}
            onChange={(x) => form.set('emne', x)}
          />
          <div className="va-chips">
            {NOTAT_EMNER.map((e) => (
              <button key={e} type="button" className="va-chip" onClick={() => form.set('emne', e)}>
                {e}
              </button>
            ))}
          </div>
          <TextArea
            name="notat"
            label="Notat"
            required
            maxLength={10000}
            value={form.values.notat}
            error={form.errors.notat}
            onChange={(x) => form.set('notat', x)}
          />
          <SpinnerButton type="submit" size="small" loading={busy} loadingText="Gemmer …">
            Tilføj note
          </SpinnerButton>
        </form>
      )}
      {q.isLoading ? (
        <div className="loading">
          <Spinner /> Indlæser …
        </div>
      ) : (q.data ?? []).length === 0 ? (
        <p className="muted">Logbogen er tom.</p>
      ) : (
        <ul className="va-notes">
          {(q.data ?? []).map((n) => (
            <li key={n.id} className="va-note">
              <div className="va-note-head">
                <strong>{n.emne}</strong>
                <span className="muted small">
                  {formatDatoTid(n.dato)}
                  {n.bruger ? ` · ${n.bruger}` : ''}
                </span>
              </div>
              <p>{n.notat}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
