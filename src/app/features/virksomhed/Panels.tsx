import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { lookupPath } from '../../../contract/lookups';
import { opretNotatSchema } from '../../../contract/notes';
import { REGISTRERING_ARTER, type RegistreringArt } from '../../../contract/registreringer';
import type { Virksomhed } from '../../../contract/virksomhed';
import { formatDato, formatDatoTid } from '../../lib/dates';
import { useLookup } from '../../lib/lookups';
import type { SidePanel } from '../../shell/panels';
import { SpinnerButton } from '../../ui/Button';
import { DateInput, LookupSelect, TextArea, TextInput, useVersionedForm } from '../../ui/form';
import { Spinner } from '../../ui/Spinner';
import { useTile } from '../../workspace/tile-api';
import {
  afterChange,
  api,
  artNavn,
  keys,
  recordPath,
  saveFailure,
  useAdHocOpgaver,
  useLogbog,
  useTidslinje,
} from './api';

const TITLER: Record<SidePanel, string> = {
  timeline: 'Tidslinje',
  logs: 'Logbog',
  adHocOpgaver: 'Ad hoc-opgaver',
};

/** The open side panel of a company: its timeline, its log or its ad hoc tasks. */
export function SidePanelContent(props: {
  panel: SidePanel;
  v: Virksomhed;
  kanRette: boolean;
  onClose(): void;
}) {
  return (
    <div className="vd-panel-inner">
      <div className="vd-panel-head">
        <h2>{TITLER[props.panel]}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={`Luk ${TITLER[props.panel].toLowerCase()}`}
          onClick={props.onClose}
        >
          <X size={14} aria-hidden="true" />
        </button>
      </div>
      {props.panel === 'timeline' && <Tidslinje v={props.v} />}
      {props.panel === 'logs' && <Logbog v={props.v} kanRette={props.kanRette} />}
      {props.panel === 'adHocOpgaver' && <AdHocOpgaver v={props.v} kanRette={props.kanRette} />}
    </div>
  );
}

const SIDE = 100;

function Tidslinje({ v }: { v: Virksomhed }) {
  const [take, setTake] = useState(SIDE);
  const q = useTidslinje(v.id, take);
  const tile = useTile();
  if (q.isLoading) return <PanelLoading />;
  if (q.isError || !q.data) return <p className="form-error">Tidslinjen kunne ikke hentes.</p>;
  const { items, totalCount } = q.data;
  if (items.length === 0) return <p className="muted">Ingen registreringer endnu.</p>;
  let aar = '';
  return (
    <>
      <ol className="vd-timeline">
        {items.map((i) => {
          const year = i.dato.slice(0, 4);
          const header = year !== aar;
          aar = year;
          const art = i.art as RegistreringArt;
          const link = i.registreringId !== null && REGISTRERING_ARTER.includes(art);
          return (
            <li key={i.id} className={`vd-timeline-item art-${i.art}`}>
              {header && <div className="vd-timeline-year">{year}</div>}
              <div className="vd-timeline-row">
                <span className="vd-timeline-date">{formatDato(i.dato)}</span>
                <span className="vd-timeline-kind">{i.art === 'logbog' ? 'Note' : artNavn(i.art)}</span>
              </div>
              {link ? (
                <a
                  href={recordPath(v.type, v.id, art, i.registreringId!)}
                  className="vd-timeline-title"
                  onClick={(e) => {
                    e.preventDefault();
                    tile.navigate(recordPath(v.type, v.id, art, i.registreringId!));
                  }}
                >
                  {i.titel}
                </a>
              ) : (
                <span className="vd-timeline-title">{i.titel}</span>
              )}
              {i.beskrivelse && <p className="vd-timeline-text">{i.beskrivelse}</p>}
              {i.bruger && <span className="vd-timeline-who">{i.bruger}</span>}
            </li>
          );
        })}
      </ol>
      <p className="muted small">
        Viser {items.length} af {totalCount}
      </p>
      {items.length < totalCount && (
        <button
          type="button"
          className="button size-small"
          onClick={() => setTake((t) => t + SIDE)}
          disabled={q.isFetching}
        >
          Vis flere
        </button>
      )}
    </>
  );
}

const NOTAT_EMNER = ['Telefonnotat', 'Mail', 'Henvendelse', 'Klage', 'Besigtigelse', 'Andet'];
const PAAKRAEVET = 'Feltet er påkrævet';
const tekst = (max: number) =>
  z.string({ error: PAAKRAEVET }).trim().min(1, PAAKRAEVET).max(max, `Må højst være ${max} tegn`);
/** The log and task calls' own rules (contract/notes), with the form's Danish messages for empty fields. */
const notatForm = z
  .object({ emne: tekst(200), notat: tekst(10_000) })
  .pipe(opretNotatSchema.omit({ virksomhedId: true }));

function Logbog({ v, kanRette }: { v: Virksomhed; kanRette: boolean }) {
  const q = useLogbog(v.id);
  const client = useQueryClient();
  const { form, busy, submit } = useNyForm({
    identitet: `notat:ny@virksomhed:${v.id}`,
    schema: notatForm,
    tom: () => ({ emne: 'Telefonnotat', notat: '' }),
    kanRette,
    gem: (data) => api.opretNotat({ virksomhedId: v.id, ...data }),
    onGemt: () => {
      void client.invalidateQueries({ queryKey: keys.logbog(v.id) });
      void client.invalidateQueries({ queryKey: keys.tidslinje(v.id) });
    },
  });
  return (
    <>
      {kanRette && (
        <form className="vd-panel-form" ref={form.ref} onSubmit={submit} noValidate aria-label="Ny note">
          <TextInput
            name="emne"
            label="Emne"
            required
            maxLength={200}
            value={form.values.emne}
            error={form.errors.emne}
            onChange={(x) => form.set('emne', x)}
          />
          <div className="vd-chips">
            {NOTAT_EMNER.map((e) => (
              <button key={e} type="button" className="vd-chip" onClick={() => form.set('emne', e)}>
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
        <PanelLoading />
      ) : (q.data ?? []).length === 0 ? (
        <p className="muted">Logbogen er tom.</p>
      ) : (
        <ul className="vd-notes">
          {(q.data ?? []).map((n) => (
            <li key={n.id}>
              <div className="vd-note-head">
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
    </>
  );
}

const adHocForm = z.object({ emne: tekst(200), notat: tekst(10_000), frist: z.string().nullable() });

function AdHocOpgaver({ v, kanRette }: { v: Virksomhed; kanRette: boolean }) {
  const q = useAdHocOpgaver(v.id);
  const emner = useLookup(lookupPath.adHocEmner);
  const client = useQueryClient();
  const { form, busy, submit } = useNyForm({
    identitet: `adhoc:ny@virksomhed:${v.id}`,
    schema: adHocForm,
    tom: () => ({ emne: null as string | null, notat: '', frist: null as string | null }),
    kanRette,
    // The schema has checked that emne is given.
    gem: (data) => api.opretAdHoc({ virksomhedId: v.id, ...data, emne: String(data.emne) }),
    onGemt: () => {
      void client.invalidateQueries({ queryKey: keys.adHoc(v.id) });
      afterChange(client, v.id);
    },
  });
  const opgaver = q.data ?? [];
  return (
    <>
      {kanRette && (
        <form
          className="vd-panel-form"
          ref={form.ref}
          onSubmit={submit}
          noValidate
          aria-label="Ny ad hoc-opgave"
        >
          <LookupSelect
            name="emne"
            label="Emne"
            required
            options={emner.data}
            loading={emner.isLoading}
            valueKey="navn"
            value={form.values.emne}
            error={form.errors.emne}
            onChange={(x) => form.set('emne', x as string | null)}
          />
          <TextArea
            name="notat"
            label="Opgave"
            required
            maxLength={10000}
            value={form.values.notat}
            error={form.errors.notat}
            onChange={(x) => form.set('notat', x)}
          />
          <DateInput
            name="frist"
            label="Frist"
            value={form.values.frist}
            error={form.errors.frist}
            onChange={(x) => form.set('frist', x)}
          />
          <SpinnerButton type="submit" size="small" loading={busy} loadingText="Gemmer …">
            Opret opgave
          </SpinnerButton>
        </form>
      )}
      {q.isLoading ? (
        <PanelLoading />
      ) : opgaver.length === 0 ? (
        <p className="muted">Ingen ad hoc-opgaver.</p>
      ) : (
        <ul className="vd-notes">
          {opgaver.map((o) => (
            <li key={o.id} className={o.udfoert ? 'done' : undefined}>
              <div className="vd-note-head">
                <strong>{o.emne}</strong>
                <span className={`vd-badge${o.udfoert ? ' neutral' : ''}`}>
                  {o.udfoert ? 'Udført' : o.frist ? `Frist ${formatDato(o.frist)}` : 'Åben'}
                </span>
              </div>
              <p>{o.notat}</p>
              <span className="muted small">
                {formatDatoTid(o.dato)}
                {o.bruger ? ` · ${o.bruger}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * A panel's form that only ever creates (a log note, an ad hoc task): the versioned form with no
 * saved record, emptied after each save; 400 shows the server's messages under the fields.
 */
function useNyForm<T extends Record<string, unknown>>(o: {
  identitet: string;
  schema: z.ZodType;
  tom: () => T;
  kanRette: boolean;
  gem(data: T): Promise<unknown>;
  onGemt(): void;
}) {
  const vf = useVersionedForm<T, unknown>({
    identitet: o.identitet,
    schema: o.schema,
    record: undefined,
    vaerdierAf: o.tom,
    nye: o.tom,
    kanRette: o.kanRette,
    gem: o.gem,
    fejl: saveFailure,
    onGemt: o.onGemt,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void vf.gem();
  };
  return { form: vf.form, busy: vf.busy !== null, submit };
}

function PanelLoading() {
  return (
    <div className="loading">
      <Spinner /> Indlæser …
    </div>
  );
}
