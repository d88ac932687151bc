import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatDato, formatDatoTid, formatHeltal } from '../../../contract/format';
import type { Job } from '../../../contract/jobs';
import type { Planlaegningsperiode } from '../../../contract/planlaegning';
import { defaultBrugerSettings } from '../../../contract/session';
import { medGenvej } from '../../lib/keyboard';
import { FrameCommands, RammeVenter } from '../../records/ramme';
import type { RouteParams } from '../../routes/route-table';
import { jobFejlTekst } from '../../session/jobs';
import { AKTIVT_AAR } from '../../session/planlaegningsaar';
import { useShellSession } from '../../session/session-context';
import { useSaveBrugerSettings } from '../../session/settings-save';
import { Button } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { Fremskridt } from '../../ui/Fremskridt';
import { toast } from '../../ui/toast';
import { type TileCommand, useTileCommands, useTileTitle } from '../../workspace/tile-api';
import { findPeriode, generer, usePerioder } from './api';
import '../../records/ramme.css';
import './planlaegning.css';

export { useFrameCommands } from '../../records/ramme';

export { AKTIVT_AAR };

const GENERER_TAST = 'alt+shift+g';

/** What a tab gets from the frame: the period and how to generate its plan. */
export interface PeriodeDetalje {
  periode: Planlaegningsperiode;
  genererer: boolean;
  generer(): void;
}

/**
 * Entering a period makes its year the session's activePlanlaegningsAar, kept in brugerSettings (the
 * session holds those and keeps unknown keys), so it outlives a reload and follows the user.
 */
function useAktivtAar(aar: number | undefined) {
  const { brugerSettings } = useShellSession();
  const save = useSaveBrugerSettings();
  const gemt = (brugerSettings as Record<string, unknown> | null)?.[AKTIVT_AAR];
  useEffect(() => {
    if (aar === undefined || !brugerSettings || gemt === aar) return;
    save({ ...(brugerSettings ?? defaultBrugerSettings()), [AKTIVT_AAR]: aar }, { optimistic: true }).catch(
      () => {
        // The HTTP client has told why; the old year is back in the session.
      },
    );
  }, [aar, gemt, brugerSettings, save]);
}

/**
 * The frame of a planning period's tabs (Tilsynsplan, Ressourcer, Kategori 1a + 1b, Kategori 2; the
 * tile draws the tabs from the route table): the header with the year, its dates and when and by whom
 * the plan was generated, and the command 'Generér tilsynsplan' (asks first when a plan exists: it
 * replaces the planned inspections not yet done).
 */
export function PeriodeFrame({
  params,
  children,
}: {
  params: RouteParams;
  children(d: PeriodeDetalje): ReactNode;
}) {
  const id = Number(params.id);
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const perioder = usePerioder(kundeId);
  const periode = findPeriode(perioder.data, id);
  useTileTitle(periode ? periode.navn : null);
  useAktivtAar(periode?.aar);

  const client = useQueryClient();
  const { confirm, confirmModal } = useConfirm();
  const [genererer, setGenererer] = useState(false);
  /** The running generation's job (its progress), null when none runs. */
  const [job, setJob] = useState<Job | null>(null);
  /** What the last generation of this view gave, shown beside the command until the next. */
  const [resultat, setResultat] = useState<string | null>(null);
  const periodeRef = useRef(periode);
  periodeRef.current = periode;

  const koer = useCallback(async () => {
    const p = periodeRef.current;
    if (!p || genererer) return;
    if (
      p.planGenereret !== null &&
      !(await confirm({
        title: 'Generér tilsynsplanen igen?',
        message: `Planen for ${p.aar} blev genereret ${formatDatoTid(p.planGenereret)}. En ny generering erstatter de planlagte tilsyn, der ikke er udført endnu; udførte tilsyn bevares.`,
        confirmLabel: 'Generér',
      }))
    )
      return;
    setGenererer(true);
    setResultat(null);
    try {
      const svar = await generer(client, p, setJob, (besked) => toast.info(besked));
      const antal = svar.antal.reduce((sum, a) => sum + a.basis + a.prioriteret + a.kampagne, 0);
      const tekst = `Tilsynsplanen for ${svar.periode.aar} er genereret: ${formatHeltal(antal)} planlagte tilsyn`;
      setResultat(tekst);
      toast.success(tekst);
    } catch (err) {
      toast.error(jobFejlTekst(err));
    } finally {
      setGenererer(false);
      setJob(null);
    }
  }, [client, confirm, genererer]);

  const [tabCommands, setTabCommands] = useState<TileCommand[]>([]);
  const commands = useMemo<TileCommand[]>(
    () =>
      periode
        ? [
            {
              id: 'generer-tilsynsplan',
              label: 'Generér tilsynsplan',
              shortcut: GENERER_TAST,
              keywords: ['planlæg', 'tilsynsplan', 'generer', 'årsplan'],
              disabled: genererer,
              run: () => void koer(),
            },
            ...tabCommands,
          ]
        : [],
    [periode, genererer, koer, tabCommands],
  );
  useTileCommands(commands);

  if (!periode) {
    return (
      <RammeVenter
        idGyldigt={Number.isInteger(id) && id > 0 && !(perioder.isSuccess && !periode)}
        henter={perioder.isLoading}
        fejl={perioder.error}
        tekster={{
          ikkeFundet: 'Planlægningsperioden blev ikke fundet',
          findesIkke: 'Den findes ikke hos den aktive kunde.',
          ingenLaeseret: 'Du har ikke adgang til planlægning.',
          kunneIkkeHentes: 'Planlægningsperioden kunne ikke hentes',
        }}
        onProevIgen={() => void perioder.refetch()}
      />
    );
  }

  return (
    <FrameCommands.Provider value={setTabCommands}>
      <div className="plan-ramme">
        <div className="plan-hoved">
          <span className="ramme-facts">
            <strong className="plan-aar">{periode.aar}</strong>
            <span>
              {formatDato(periode.startdato)} – {formatDato(periode.slutdato)}
            </span>
            <span data-testid="plan-genereret">
              {periode.planGenereret
                ? `Genereret ${formatDatoTid(periode.planGenereret)}${periode.planGenereretAf ? ` af ${periode.planGenereretAf}` : ''}`
                : 'Planen er ikke genereret endnu'}
            </span>
          </span>
          {job ? (
            <Fremskridt
              titel="Genererer tilsynsplanen"
              done={job.done}
              total={job.total}
              enhed="virksomheder"
            />
          ) : (
            resultat && (
              <span className="plan-resultat" role="status">
                {resultat}
              </span>
            )
          )}
          <Button
            size="small"
            onClick={() => void koer()}
            disabled={genererer}
            title={medGenvej('Generér tilsynsplan', GENERER_TAST)}
          >
            <RefreshCw size={14} aria-hidden="true" /> {genererer ? 'Genererer …' : 'Generér tilsynsplan'}
          </Button>
        </div>
        <div className="plan-indhold" key={periode.id}>
          {children({ periode, genererer, generer: () => void koer() })}
        </div>
        {confirmModal}
      </div>
    </FrameCommands.Provider>
  );
}
