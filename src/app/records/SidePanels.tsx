import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, ListTodo, NotebookPen, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { lookupPath } from '../../contract/lookups';
import {
  hentAdHocOpgaver,
  hentLogbog,
  opretAdHocOpgave,
  opretLogbogNotat,
  opretNotatSchema,
} from '../../contract/notes';
import type { AnyRecordKind } from '../../contract/record-kind';
import { ARTER } from '../../contract/registreringer';
import { VANDANLAEG_ARTER } from '../../contract/vandanlaeg-registreringer';
import { hentTidslinje } from '../../contract/virksomhed';
import { formatDato, formatDatoTid } from '../lib/dates';
import { medGenvej } from '../lib/keyboard';
import { useLookup } from '../session/lookups';
import { SIDE_PANELS, type SidePanel, usePanelToggle } from '../session/panels';
import { http } from '../session/runtime';
import { SpinnerButton } from '../ui/Button';
import { DateInput, LookupSelect, TextArea, TextInput, useVersionedForm } from '../ui/form';
import { feltProps } from '../ui/form/felt-props';
import { FormBeskeder } from '../ui/form/KladdeBesked';
import { Spinner } from '../ui/Spinner';
import { erSmal } from '../ui/smal';
import { type TileCommand, useTile } from '../workspace/tile-api';
import { saveFailure } from './api';
import './side-panels.css';

/**
 * The side panels of an owner of records (a company, a farm, a water plant; spec 000 §4, 001 §3):
 * its timeline, its log and its ad hoc tasks, one open at a time (src/app/session/panels.ts), with
 * their toggles and tile commands (Alt+T, Alt+B, Alt+O). The frame of the owner's tiles places
 * them; the calls are the same for every owner (the server checks the owner's own rights).
 */

/** The owner the panels show. */
export interface PanelEjer {
  id: number;
  /** Its display name (the company's or plant's name). */
  navn: string;
  /** The caseworker right of the owner's type: without it the panels only show. */
  kanRette: boolean;
  /**
   * The query-key prefix of everything about the owner, e.g. ['virksomhed', 12] or ['vandanlaeg', 7]:
   * the panels keep their lists under it, and an ad hoc task makes the owner itself stale.
   */
  noegle: readonly [string, number];
  /** The path of a record's tab, for a timeline entry's link; null where the record has no tab. */
  registreringSti(art: string, registreringId: number): string | null;
}

const PANELER: Record<SidePanel, { label: string; shortcut: string; icon: typeof Clock }> = {
  timeline: { label: 'Tidslinje', shortcut: 'alt+t', icon: Clock },
  logs: { label: 'Logbog', shortcut: 'alt+b', icon: NotebookPen },
  adHocOpgaver: { label: 'Ad hoc-opgaver', shortcut: 'alt+o', icon: ListTodo },
};

/** The panels' query keys under the owner's prefix. */
export const panelKeys = {
  tidslinje: (noegle: readonly [string, number]) => [...noegle, 'tidslinje'] as const,
  logbog: (noegle: readonly [string, number]) => [...noegle, 'logbog'] as const,
  adHoc: (noegle: readonly [string, number]) => [...noegle, 'adhoc'] as const,
};

/** After a change of the owner: its timeline and log (the automatic entry) are stale. */
export function panelerForaeldet(client: QueryClient, noegle: readonly [string, number]): void {
  void client.invalidateQueries({ queryKey: panelKeys.tidslinje(noegle) });
  void client.invalidateQueries({ queryKey: panelKeys.logbog(noegle) });
}

/** Per tile: whether its frames hold the side panels closed (it was opened narrow). */
const holdtLukketIFlise = new Map<string, boolean>();

/**
 * The open side panel, the toggles, and the tile commands that show or hide each panel. The
 * commands are rebuilt only when the open panel changes; what they do is read when they run.
 *
 * A frame opened in a narrow tile (src/app/ui/smal.ts) starts with its panels closed, whatever the
 * saved setting says: the tab gets the room (issue 30). The frame hands its root element to `rod`;
 * until it is measured no panel shows. The first toggle in that tile hands back to the setting
 * (opening the panel asked for, and saving it as the user's choice, as a toggle always does). The
 * decision belongs to the tile: another tab of the record in the same tile keeps it.
 */
export function useSidePanels() {
  const panels = usePanelToggle();
  const { tileId } = useTile();
  /** null: the frame's root is not measured yet; true: opened narrow, the panels held closed. */
  const [holdtLukket, setHoldt] = useState<boolean | null>(() => holdtLukketIFlise.get(tileId) ?? null);
  const setHoldtLukket = useCallback(
    (h: boolean) => {
      holdtLukketIFlise.set(tileId, h);
      setHoldt(h);
    },
    [tileId],
  );
  const rod = useCallback(
    (el: HTMLElement | null) => {
      if (el && !holdtLukketIFlise.has(tileId)) setHoldtLukket(erSmal(el));
    },
    [tileId, setHoldtLukket],
  );
  const gemt = SIDE_PANELS.find((p) => panels.isOpen(p)) ?? null;
  const open = holdtLukket === false ? gemt : null;
  const handlinger = {
    toggle(p: SidePanel) {
      if (holdtLukket) {
        setHoldtLukket(false);
        if (gemt !== p) panels.open(p);
      } else panels.toggle(p);
    },
    close(p: SidePanel) {
      if (!holdtLukket) panels.close(p);
    },
  };
  const ref = useRef(handlinger);
  ref.current = handlinger;
  const commands = useMemo<TileCommand[]>(
    () =>
      SIDE_PANELS.map((p) => ({
        id: `panel-${p}`,
        label: `${open === p ? 'Skjul' : 'Vis'} ${PANELER[p].label.toLowerCase()}`,
        shortcut: PANELER[p].shortcut,
        keywords: ['panel', PANELER[p].label],
        run: () => ref.current.toggle(p),
      })),
    [open],
  );
  return {
    open,
    commands,
    /** The frame's root element: measured once, to start a narrow tile with its panels closed. */
    rod,
    toggle: (p: SidePanel) => handlinger.toggle(p),
    close: (p: SidePanel) => handlinger.close(p),
  };
}

/** The toolbar buttons that show or hide each panel. */
export function SidePanelToggles({
  open,
  onToggle,
}: {
  open: SidePanel | null;
  onToggle(p: SidePanel): void;
}) {
  return (
    <span className="sidepanel-toggles">
      {SIDE_PANELS.map((p) => {
        const { label, shortcut, icon: Icon } = PANELER[p];
        return (
          <button
            key={p}
            type="button"
            className={`sidepanel-toggle${open === p ? ' on' : ''}`}
            aria-pressed={open === p}
            title={medGenvej(label, shortcut)}
            onClick={() => onToggle(p)}
          >
            <Icon size={14} aria-hidden="true" />
            <span>{label}</span>
          </button>
        );
      })}
    </span>
  );
}

/** The open panel in its <aside>; `className` is the frame's layout of it. Keyed by the owner. */
export function SidePanelAside(props: {
  panel: SidePanel;
  ejer: PanelEjer;
  className: string;
  onClose(): void;
}) {
  const titel = PANELER[props.panel].label;
  return (
    <aside className={`sidepanel ${props.className}`} aria-label={titel}>
      <div className="sidepanel-inner" key={`${props.ejer.noegle[0]}:${props.ejer.id}`}>
        <div className="sidepanel-head">
          <h2>{titel}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={`Luk ${titel.toLowerCase()}`}
            onClick={props.onClose}
          >
            <X size={14} aria-hidden="true" />
          </button>
        </div>
        {props.panel === 'timeline' && <Tidslinje ejer={props.ejer} />}
        {props.panel === 'logs' && <Logbog ejer={props.ejer} />}
        {props.panel === 'adHocOpgaver' && <AdHocOpgaver ejer={props.ejer} />}
      </div>
    </aside>
  );
}

/** Every record kind by its art, of every owner: the timeline names an entry's kind. */
const KINDS: ReadonlyMap<string, AnyRecordKind> = new Map(
  [...Object.values(ARTER), ...VANDANLAEG_ARTER].map((k): [string, AnyRecordKind] => [k.art, k]),
);
const artNavn = (art: string) => (art === 'logbog' ? 'Note' : (KINDS.get(art)?.navn ?? art));

const SIDE = 100;

function Tidslinje({ ejer }: { ejer: PanelEjer }) {
  const [take, setTake] = useState(SIDE);
  const q = useQuery({
    queryKey: [...panelKeys.tidslinje(ejer.noegle), take],
    queryFn: ({ signal }) =>
      http.call(hentTidslinje, { params: { id: ejer.id }, query: { start: 0, take }, signal }),
    staleTime: 30_000,
    placeholderData: (prev) => prev,
  });
  const tile = useTile();
  if (q.isLoading) return <PanelLoading />;
  if (q.isError || !q.data) return <p className="form-error">Tidslinjen kunne ikke hentes.</p>;
  const { items, totalCount } = q.data;
  if (items.length === 0) return <p className="muted">Ingen registreringer endnu.</p>;
  let aar = '';
  return (
    <>
      <ol className="sidepanel-timeline">
        {items.map((i) => {
          const year = i.dato.slice(0, 4);
          const header = year !== aar;
          aar = year;
          const sti = i.registreringId !== null ? ejer.registreringSti(i.art, i.registreringId) : null;
          return (
            <li key={i.id} className={`sidepanel-timeline-item art-${i.art}`}>
              {header && <div className="sidepanel-timeline-year">{year}</div>}
              <div className="sidepanel-timeline-row">
                <span className="sidepanel-timeline-date">{formatDato(i.dato)}</span>
                <span className="sidepanel-timeline-kind">{artNavn(i.art)}</span>
              </div>
              {sti ? (
                <a
                  href={sti}
                  className="sidepanel-timeline-title"
                  onClick={(e) => {
                    e.preventDefault();
                    tile.navigate(sti);
                  }}
                >
                  {i.titel}
                </a>
              ) : (
                <span className="sidepanel-timeline-title">{i.titel}</span>
              )}
              {i.beskrivelse && <p className="sidepanel-timeline-text">{i.beskrivelse}</p>}
              {i.bruger && <span className="sidepanel-timeline-who">{i.bruger}</span>}
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

function Logbog({ ejer }: { ejer: PanelEjer }) {
  const q = useQuery({
    queryKey: panelKeys.logbog(ejer.noegle),
    queryFn: ({ signal }) => http.call(hentLogbog, { params: { id: ejer.id }, signal }),
    staleTime: 30_000,
  });
  const client = useQueryClient();
  const ny = useNyForm({
    identitet: `notat:ny@${ejer.noegle[0]}:${ejer.id}`,
    schema: notatForm,
    tom: () => ({ emne: 'Telefonnotat', notat: '' }),
    kanRette: ejer.kanRette,
    gem: (data) => http.call(opretLogbogNotat, { body: { virksomhedId: ejer.id, ...data }, silent: true }),
    onGemt: () => panelerForaeldet(client, ejer.noegle),
  });
  const { form } = ny;
  const felt = feltProps(form, false);
  return (
    <>
      {ejer.kanRette && (
        <NyPanelForm ny={ny} label={`Ny note til ${ejer.navn}`} knap="Tilføj note">
          <TextInput {...felt('emne')} label="Emne" required maxLength={200} />
          <div className="sidepanel-chips">
            {NOTAT_EMNER.map((e) => (
              <button key={e} type="button" className="sidepanel-chip" onClick={() => form.set('emne', e)}>
                {e}
              </button>
            ))}
          </div>
          <TextArea {...felt('notat')} label="Notat" required maxLength={10000} />
        </NyPanelForm>
      )}
      {q.isLoading ? (
        <PanelLoading />
      ) : (q.data ?? []).length === 0 ? (
        <p className="muted">Logbogen er tom.</p>
      ) : (
        <ul className="sidepanel-notes">
          {(q.data ?? []).map((n) => (
            <li key={n.id}>
              <div className="sidepanel-note-head">
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

function AdHocOpgaver({ ejer }: { ejer: PanelEjer }) {
  const q = useQuery({
    queryKey: panelKeys.adHoc(ejer.noegle),
    queryFn: ({ signal }) => http.call(hentAdHocOpgaver, { params: { id: ejer.id }, signal }),
    staleTime: 30_000,
  });
  const emner = useLookup(lookupPath.adHocEmner);
  const client = useQueryClient();
  const ny = useNyForm({
    identitet: `adhoc:ny@${ejer.noegle[0]}:${ejer.id}`,
    schema: adHocForm,
    tom: () => ({ emne: null as string | null, notat: '', frist: null as string | null }),
    kanRette: ejer.kanRette,
    // The schema has checked that emne is given.
    gem: (data) =>
      http.call(opretAdHocOpgave, {
        body: { virksomhedId: ejer.id, ...data, emne: String(data.emne) },
        silent: true,
      }),
    onGemt: () => {
      void client.invalidateQueries({ queryKey: panelKeys.adHoc(ejer.noegle) });
      panelerForaeldet(client, ejer.noegle);
      // The owner itself counts its open tasks.
      void client.invalidateQueries({ queryKey: ejer.noegle, exact: true });
    },
  });
  const { form } = ny;
  const felt = feltProps(form, false);
  const opgaver = q.data ?? [];
  return (
    <>
      {ejer.kanRette && (
        <NyPanelForm ny={ny} label={`Ny ad hoc-opgave til ${ejer.navn}`} knap="Opret opgave">
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
          <TextArea {...felt('notat')} label="Opgave" required maxLength={10000} />
          <DateInput {...felt('frist')} label="Frist" />
        </NyPanelForm>
      )}
      {q.isLoading ? (
        <PanelLoading />
      ) : opgaver.length === 0 ? (
        <p className="muted">Ingen ad hoc-opgaver.</p>
      ) : (
        <ul className="sidepanel-notes">
          {opgaver.map((o) => (
            <li key={o.id} className={o.udfoert ? 'done' : undefined}>
              <div className="sidepanel-note-head">
                <strong>{o.emne}</strong>
                <span className={`sidepanel-badge${o.udfoert ? ' neutral' : ''}`}>
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
  return { vf, form: vf.form, busy: vf.busy !== null, submit };
}

/** A side panel's form for a new note or task: its messages, the fields, and the submit button. */
function NyPanelForm<T extends Record<string, unknown>>({
  ny,
  label,
  knap,
  children,
}: {
  ny: ReturnType<typeof useNyForm<T>>;
  label: string;
  knap: string;
  children: ReactNode;
}) {
  return (
    <form className="sidepanel-form" ref={ny.form.ref} onSubmit={ny.submit} noValidate aria-label={label}>
      <FormBeskeder vf={ny.vf} />
      {children}
      <SpinnerButton type="submit" size="small" loading={ny.busy} loadingText="Gemmer …">
        {knap}
      </SpinnerButton>
    </form>
  );
}

function PanelLoading() {
  return (
    <div className="loading">
      <Spinner /> Indlæser …
    </div>
  );
}
