import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Save, UserCheck, UserX } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  ADMIN_ROLLER,
  type BrugerAdminRaekke,
  type BrugerTilstand,
  gemBrugerRoller,
  genaktiverBruger,
  HANDLING_NAVNE,
  hentAdminBrugere,
  hentBrugerHistorik,
  type OpretBrugerBody,
  opretBruger,
  opretBrugerBodySchema,
  rolleNavn,
  suspenderBruger,
} from '../../../contract/brugeradmin';
import { formatDato, formatDatoTid } from '../../../contract/format';
import { HttpError } from '../../lib/http';
import { fejlTekst, httpStatus } from '../../lib/http-fejl';
import { useLatest } from '../../lib/useLatest';
import { http } from '../../session/runtime';
import { Button, SpinnerButton } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { Checkbox, DateInput, TextInput } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { FortrydOgHandling } from '../../ui/ModalFod';
import { toast } from '../../ui/toast';
import { type TileCommand, useTileCommands, useTileDirty, type ViewProps } from '../../workspace/tile-api';
import './BrugerAdministration.css';

/**
 * /admin/BrugerAdministration (KOMMUNE_ADMIN): the active customer's users in a table with search;
 * the chosen user's roles at this customer (checkboxes, SystemAdmin not among them), suspension
 * (TimeOut, with an optional last day) and restore, and the user's history. 'Ny bruger' creates a
 * user of this customer with a first password for the built-in sign-on.
 */

const KEYS = {
  brugere: ['admin', 'brugere'] as const,
  historik: (id: number) => ['admin', 'brugere', id, 'historik'] as const,
};

const TAST = { ny: 'alt+n', gem: 'mod+s' } as const;

const status = (r: Pick<BrugerAdminRaekke, 'suspenderet' | 'suspenderetTil'>) =>
  !r.suspenderet
    ? 'Aktiv'
    : r.suspenderetTil
      ? `Suspenderet til ${formatDato(r.suspenderetTil)}`
      : 'Suspenderet';

const rolleTekst = (roller: readonly string[]) => roller.map(rolleNavn).join(', ');

const KOLONNER: DataTableColumn<BrugerAdminRaekke>[] = [
  { id: 'navn', header: 'Navn', accessor: (r) => r.navn, width: '18%' },
  { id: 'username', header: 'Brugernavn', accessor: (r) => r.username, width: '12%' },
  { id: 'email', header: 'E-mail', accessor: (r) => r.email ?? '', width: '18%' },
  { id: 'roller', header: 'Roller', accessor: (r) => rolleTekst(r.roller) },
  {
    id: 'status',
    header: 'Status',
    accessor: (r) => status(r),
    cell: (r) => <span className={r.suspenderet ? 'bruger-status-suspenderet' : undefined}>{status(r)}</span>,
    width: '14%',
  },
  {
    id: 'senestAendret',
    header: 'Senest ændret',
    accessor: (r) => r.senestAendret ?? '',
    cell: (r) => (r.senestAendret ? formatDatoTid(r.senestAendret) : ''),
    width: '13%',
  },
];

export default function BrugerAdministrationView(_props: ViewProps) {
  const brugere = useQuery({
    queryKey: KEYS.brugere,
    queryFn: ({ signal }) => http.call(hentAdminBrugere, { signal, silent: true }),
  });
  const [valgtId, setValgtId] = useState<number | null>(null);
  const [opretAaben, setOpretAaben] = useState(false);
  const [detaljeKommandoer, setDetaljeKommandoer] = useState<TileCommand[]>([]);
  const rows = brugere.data ?? [];
  const valgt = rows.find((r) => r.id === valgtId) ?? null;
  // Unsaved role ticks are not dropped by moving to another user without asking.
  const uGemt = useRef(false);
  const { confirm, confirmModal } = useConfirm();
  const vaelg = async (id: number) => {
    if (id === valgtId) return;
    if (
      uGemt.current &&
      valgt &&
      !(await confirm({
        title: 'Ændringer er ikke gemt',
        message: `Rollerne for ${valgt.navn} er ikke gemt. Vil du skifte bruger uden at gemme?`,
        confirmLabel: 'Skift uden at gemme',
        confirmColor: 'warning',
      }))
    )
      return;
    uGemt.current = false;
    setValgtId(id);
  };

  const kommandoer = useMemo<TileCommand[]>(
    () => [
      {
        id: 'ny-bruger',
        label: 'Ny bruger',
        shortcut: TAST.ny,
        keywords: ['opret', 'bruger'],
        run: () => setOpretAaben(true),
      },
      ...detaljeKommandoer,
    ],
    [detaljeKommandoer],
  );
  useTileCommands(kommandoer);

  return (
    <div className="bruger-admin">
      <section className="bruger-admin-liste" aria-label="Brugere">
        <DataTable
          tableName="brugeradministration"
          ariaLabel="Kommunens brugere"
          columns={KOLONNER}
          rows={rows}
          getRowId={(r) => String(r.id)}
          mode="memory"
          defaultSort={{ column: 'navn', direction: 'ASC' }}
          filterPlaceholder="Søg i navn, brugernavn, e-mail, roller"
          emptyText="Ingen brugere"
          loading={brugere.isLoading}
          error={brugere.isError ? fejlTekst(brugere.error) : null}
          onRetry={() => void brugere.refetch()}
          cursorId={valgtId === null ? null : String(valgtId)}
          onCursorChange={(r) => r && void vaelg(r.id)}
          onOpen={(r) => void vaelg(r.id)}
          toolbar={
            <Button size="small" onClick={() => setOpretAaben(true)} title={`Ny bruger (${TAST.ny})`}>
              <Plus size={14} aria-hidden /> Ny bruger
            </Button>
          }
        />
      </section>
      <section className="bruger-admin-detalje" aria-label="Valgt bruger">
        {valgt ? (
          <BrugerDetalje
            key={valgt.id}
            bruger={valgt}
            setKommandoer={setDetaljeKommandoer}
            setUGemt={(v) => {
              uGemt.current = v;
            }}
          />
        ) : (
          <p className="tom-tekst">
            Vælg en bruger i listen for at se og ændre roller, suspension og historik.
          </p>
        )}
      </section>
      {confirmModal}
      {opretAaben && (
        <OpretBrugerModal
          onClose={() => setOpretAaben(false)}
          onOprettet={(r) => {
            setOpretAaben(false);
            void vaelg(r.id);
          }}
        />
      )}
    </div>
  );
}

function BrugerDetalje({
  bruger,
  setKommandoer,
  setUGemt,
}: {
  bruger: BrugerAdminRaekke;
  setKommandoer(k: TileCommand[]): void;
  setUGemt(v: boolean): void;
}) {
  const qc = useQueryClient();
  const [roller, setRoller] = useState<string[]>(bruger.roller);
  const [til, setTil] = useState<string | null>(null);
  const [fejl, setFejl] = useState<string | null>(null);
  const [travl, setTravl] = useState(false);
  const { confirm: spoerg, confirmModal: spoergModal } = useConfirm();
  const dirty = roller.join(',') !== bruger.roller.join(',');
  // A change saved elsewhere (or a reload) shows the server's roles when nothing is being edited.
  const serverRoller = bruger.roller.join(',');
  const dirtySenest = useLatest(dirty);
  useEffect(() => {
    if (!dirtySenest.current) setRoller(serverRoller ? serverRoller.split(',') : []);
  }, [serverRoller, dirtySenest]);
  useTileDirty(dirty, () => setRoller(bruger.roller));
  useEffect(() => setUGemt(dirty), [dirty, setUGemt]);

  const historik = useQuery({
    queryKey: KEYS.historik(bruger.id),
    queryFn: ({ signal }) =>
      http.call(hentBrugerHistorik, { params: { brugerId: bruger.id }, signal, silent: true }),
  });

  const efterAendring = async (ny: BrugerAdminRaekke | null) => {
    if (ny)
      qc.setQueryData<BrugerAdminRaekke[]>(KEYS.brugere, (gl) => gl?.map((r) => (r.id === ny.id ? ny : r)));
    await Promise.all([
      qc.invalidateQueries({ queryKey: KEYS.brugere }),
      qc.invalidateQueries({ queryKey: KEYS.historik(bruger.id) }),
    ]);
  };

  const udfoer = async (handling: () => Promise<BrugerAdminRaekke>, besked: string) => {
    setTravl(true);
    setFejl(null);
    try {
      const ny = await handling();
      if (ny.roller.join(',') === roller.join(',') || !dirty) setRoller(ny.roller);
      await efterAendring(ny);
      toast.success(besked);
    } catch (err) {
      setFejl(fejlTekst(err, { kilder: ['felter', 'message', 'title'] }));
      // A stale edit: fetch the user again so the administrator sees what the other one did.
      if (httpStatus(err) === 409) await efterAendring(null);
    } finally {
      setTravl(false);
    }
  };

  const gem = () =>
    void udfoer(
      () =>
        http.call(gemBrugerRoller, {
          params: { brugerId: bruger.id },
          body: { roller: roller as never, forrigeRoller: bruger.roller as never },
          silent: true,
        }),
      `Rollerne for ${bruger.navn} er gemt`,
    );
  const suspender = async () => {
    // Locking someone out asks first, saying who and that their sessions end now (Enter suspends).
    if (!(await spoerg(suspenderSpoergsmaal(bruger, til)))) return;
    await udfoer(
      () =>
        http.call(suspenderBruger, {
          params: { brugerId: bruger.id },
          body: { til, forrigeRoller: bruger.roller as never },
          silent: true,
        }),
      `${bruger.navn} er suspenderet`,
    );
  };
  const genaktiver = () =>
    void udfoer(
      () => http.call(genaktiverBruger, { params: { brugerId: bruger.id }, silent: true }),
      `${bruger.navn} er genaktiveret`,
    );

  const gemSenest = useLatest(gem);
  useEffect(() => {
    setKommandoer([
      {
        id: 'gem-roller',
        label: 'Gem roller',
        shortcut: TAST.gem,
        keywords: ['gem', 'roller'],
        run: () => gemSenest.current(),
      },
    ]);
    return () => setKommandoer([]);
  }, [gemSenest, setKommandoer]);

  const skift = (rolle: string, paa: boolean) =>
    setRoller((gl) => ADMIN_ROLLER.filter((r) => (r === rolle ? paa : gl.includes(r))));

  return (
    <div className="bruger-detalje" data-testid="bruger-detalje">
      {spoergModal}
      <header>
        <h2>{bruger.navn}</h2>
        <p className="bruger-detalje-meta">
          {bruger.username}
          {bruger.email ? ` · ${bruger.email}` : ''} · <strong>{status(bruger)}</strong>
          {bruger.erDigSelv ? ' · dig selv' : ''}
        </p>
      </header>
      {fejl && (
        <p className="bruger-fejl" role="alert">
          {fejl}
        </p>
      )}
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          gem();
        }}
      >
        <fieldset className="bruger-roller" disabled={travl}>
          <legend>Roller i kommunen</legend>
          {ADMIN_ROLLER.map((r) => (
            <Checkbox
              key={r}
              name={`rolle-${r}`}
              label={rolleNavn(r)}
              checked={roller.includes(r)}
              onChange={(paa) => skift(r, paa)}
            />
          ))}
        </fieldset>
        <div className="bruger-knapper">
          <SpinnerButton type="submit" loading={travl} loadingText="Gemmer …" disabled={!dirty}>
            <Save size={14} aria-hidden /> Gem roller
          </SpinnerButton>
          {dirty && (
            <Button color="secondary" type="button" onClick={() => setRoller(bruger.roller)}>
              Fortryd
            </Button>
          )}
        </div>
      </form>
      <fieldset className="bruger-suspension" disabled={travl || bruger.erDigSelv}>
        <legend>Suspension (TimeOut)</legend>
        {bruger.suspenderet ? (
          <Button color="success" onClick={genaktiver}>
            <UserCheck size={14} aria-hidden /> Genaktiver
          </Button>
        ) : (
          <div className="bruger-suspender">
            <DateInput
              name="suspenderetTil"
              label="Til og med (tom: indtil genaktivering)"
              value={til}
              onChange={setTil}
            />
            <Button color="warning" onClick={() => void suspender()}>
              <UserX size={14} aria-hidden /> Suspender
            </Button>
          </div>
        )}
        {bruger.erDigSelv && <p className="bruger-hint">Du kan ikke suspendere dig selv.</p>}
      </fieldset>
      <section className="bruger-historik" aria-label="Historik">
        <h3>Historik</h3>
        {historik.isError && <p className="bruger-fejl">{fejlTekst(historik.error)}</p>}
        {historik.data && historik.data.length === 0 && <p className="tom-tekst">Ingen ændringer endnu</p>}
        {historik.data && historik.data.length > 0 && (
          <table className="bruger-historik-tabel">
            <thead>
              <tr>
                <th>Tidspunkt</th>
                <th>Handling</th>
                <th>Udført af</th>
                <th>Før</th>
                <th>Efter</th>
              </tr>
            </thead>
            <tbody>
              {historik.data.map((h) => (
                <tr key={h.id}>
                  <td>{formatDatoTid(h.tidspunkt)}</td>
                  <td>{HANDLING_NAVNE[h.handling as keyof typeof HANDLING_NAVNE] ?? h.handling}</td>
                  <td>{h.udfoertAf ?? ''}</td>
                  <td>{tilstandTekst(h.foer)}</td>
                  <td>{tilstandTekst(h.efter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

function tilstandTekst(t: BrugerTilstand | null): string {
  if (!t) return '';
  const roller = t.roller.length > 0 ? rolleTekst(t.roller) : 'ingen roller';
  return t.suspenderet ? `${roller}; ${status(t)}` : roller;
}

type OpretFelter = Omit<OpretBrugerBody, 'roller'> & { roller: string[] };

/** The new user's text fields, all required. */
const OPRET_TEKSTFELTER: readonly {
  navn: 'username' | 'navn' | 'email' | 'adgangskode';
  label: string;
  type?: 'email' | 'password';
  autoComplete?: string;
  hint?: string;
}[] = [
  { navn: 'username', label: 'Brugernavn', autoComplete: 'off' },
  { navn: 'navn', label: 'Navn' },
  { navn: 'email', label: 'E-mail', type: 'email' },
  {
    navn: 'adgangskode',
    label: 'Første adgangskode',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'Til kommunens indbyggede log-ind; brugeren logger derefter selv ind.',
  },
];

function OpretBrugerModal({
  onClose,
  onOprettet,
}: {
  onClose(): void;
  onOprettet(r: BrugerAdminRaekke): void;
}) {
  const qc = useQueryClient();
  const [v, setV] = useState<OpretFelter>({ username: '', navn: '', email: '', adgangskode: '', roller: [] });
  const [fejl, setFejl] = useState<Record<string, string>>({});
  const [generel, setGenerel] = useState<string | null>(null);
  const [travl, setTravl] = useState(false);
  const saet = (felt: keyof OpretFelter) => (value: string) => setV((gl) => ({ ...gl, [felt]: value }));

  const opret = async () => {
    const parsed = opretBrugerBodySchema.safeParse(v);
    if (!parsed.success) {
      const f: Record<string, string> = {};
      for (const i of parsed.error.issues) {
        const navn = String(i.path[0] ?? '');
        f[navn] ??= i.message;
      }
      setFejl(f);
      return;
    }
    setFejl({});
    setGenerel(null);
    setTravl(true);
    try {
      const ny = await http.call(opretBruger, { body: v as OpretBrugerBody, silent: true });
      await qc.invalidateQueries({ queryKey: KEYS.brugere });
      toast.success(`${ny.navn} er oprettet`);
      onOprettet(ny);
    } catch (err) {
      const body =
        err instanceof HttpError ? (err.failure.body as { errors?: Record<string, string[]> }) : null;
      if (body?.errors)
        setFejl(Object.fromEntries(Object.entries(body.errors).map(([k, m]) => [k.split('.')[0]!, m[0]!])));
      else setGenerel(fejlTekst(err));
    } finally {
      setTravl(false);
    }
  };

  return (
    <Modal
      open
      title="Ny bruger"
      onClose={onClose}
      size="medium"
      testId="bruger-opret"
      footer={
        <FortrydOgHandling
          onFortryd={onClose}
          loading={travl}
          loadingText="Opretter …"
          onHandling={() => void opret()}
        >
          Opret bruger
        </FortrydOgHandling>
      }
    >
      <form
        className="bruger-opret-form"
        onSubmit={(e) => {
          e.preventDefault();
          void opret();
        }}
      >
        {generel && (
          <p className="bruger-fejl" role="alert">
            {generel}
          </p>
        )}
        {OPRET_TEKSTFELTER.map(({ navn, ...f }) => (
          <TextInput
            key={navn}
            {...f}
            name={navn}
            required
            value={v[navn]}
            onChange={saet(navn)}
            error={fejl[navn]}
          />
        ))}
        <fieldset className="bruger-roller">
          <legend>Roller i kommunen</legend>
          {ADMIN_ROLLER.map((r) => (
            <Checkbox
              key={r}
              name={`ny-rolle-${r}`}
              label={rolleNavn(r)}
              checked={v.roller.includes(r)}
              onChange={(paa) =>
                setV((gl) => ({
                  ...gl,
                  roller: ADMIN_ROLLER.filter((x) => (x === r ? paa : gl.roller.includes(x))),
                }))
              }
            />
          ))}
          {fejl.roller && <p className="bruger-fejl">{fejl.roller}</p>}
        </fieldset>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}

/** The question before a user is suspended: who, until when, and that they are signed out at once. */
export function suspenderSpoergsmaal(b: Pick<BrugerAdminRaekke, 'navn' | 'username'>, til: string | null) {
  return {
    title: `Suspender ${b.navn}?`,
    message: (
      <p data-testid="suspender-spoergsmaal">
        {b.navn} ({b.username}) suspenderes{' '}
        {til ? `til og med ${formatDato(til)}` : 'indtil du genaktiverer brugeren'}. Brugerens sessioner i
        kommunen ophører med det samme, og brugeren kan ikke logge ind igen, før suspensionen udløber eller
        ophæves.
      </p>
    ),
    confirmLabel: 'Suspender',
    confirmColor: 'warning' as const,
    fokus: 'bekraeft' as const,
  };
}
