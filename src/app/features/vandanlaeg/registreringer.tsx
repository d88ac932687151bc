import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ENTITETER } from '../../../contract/entitet';
import type { LookupItem } from '../../../contract/lookups';
import type { AnyRecordKind } from '../../../contract/record-kind';
import { boringEndpoints } from '../../../contract/vand-data';
import { IMPORT_EKSPORT_VANDMAENGDER, VANDANLAEG_ARTER } from '../../../contract/vandanlaeg-registreringer';
import type { FeltKontekst } from '../../records/FeltInput';
import { RegistreringTab, type RegistreringTabProps } from '../../records/RegistreringTab';
import { useFrameCommands } from '../../records/ramme';
import { EjerRamme } from '../../records/ramme-ejer';
import { faneValg, kraevArt } from '../../records/ramme-faner';
import { panelerForaeldet } from '../../records/SidePanels';
import type { Vagt } from '../../records/vagt';
import type { RouteParams } from '../../routes/route-table';
import { http } from '../../session/runtime';
import { useShellSession } from '../../session/session-context';
import { type TileCommand, useTile, type ViewProps } from '../../workspace/tile-api';
import { vandanlaegKeys } from './api';
import { type PlantDetalje, VANDANLAEG_RAMME } from './ejer';
import { vandKeys } from './vand-data-api';

/**
 * The water plant's record tabs (permits, inspections, enforcement, Diadem, sampling sites) on the
 * generic record tab (src/app/records): the plant as owner, its boreholes as the options of
 * borehole fields, and the plant reloaded after a change (a permit moves its permitted quantity).
 */

/** The plant's boreholes as lookup items (Boring/listsimple), for the borehole fields. */
function useBoringMuligheder(plantId: number): readonly LookupItem[] | undefined {
  const q = useQuery({
    // Under the water data's keys, so a change of the boreholes refreshes the options too.
    queryKey: ['vandanlaeg', plantId, 'vand', 'boringer', 'simpel'],
    queryFn: ({ signal }) => http.call(boringEndpoints.simpel, { params: { id: plantId }, signal }),
    staleTime: 30_000,
  });
  return useMemo(
    () =>
      q.data?.map((b, i) => ({
        id: b.id,
        brugerId: null,
        kode: b.dguNr,
        navn: b.navn ? `${b.dguNr} (${b.navn})` : b.dguNr,
        beskrivelse: null,
        prioritet: i,
        dmaKode: false,
        aktiv: true,
      })),
    [q.data],
  );
}

/** What the plant's fields need: the plant as owner, its case workers and boreholes. */
export function usePlantKontekst(d: PlantDetalje): FeltKontekst {
  const session = useShellSession();
  const boringer = useBoringMuligheder(d.plant.id);
  const { plant, kanRette } = d;
  return useMemo(
    () => ({
      ejer: { id: plant.id, type: plant.type },
      kundeId: session.user?.customerId ?? 0,
      disabled: !kanRette,
      kendteNavne: new Map(plant.sagsbehandlere.map((s) => [s.brugerId, s.navn])),
      kontaktpersoner: plant.kontaktpersonListe.map((k) => ({
        id: k.id,
        navn: k.navn,
        rolle: k.kontaktType,
      })),
      muligheder: { boring: boringer },
    }),
    [plant, kanRette, session.user?.customerId, boringer],
  );
}

/**
 * After a change of a plant record: the plant itself (version, permitted quantity) is stale, and so
 * are its timeline and log in the side panel (the record and its automatic entry).
 */
export function usePlantEfterAendring(plantId: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: vandanlaegKeys.plant(plantId), exact: true });
    panelerForaeldet(client, vandanlaegKeys.plant(plantId));
  };
}

/**
 * A plant record tab whose record is selected by the route (`/vandanlaeg/:id/<segment>/:<param>?`,
 * the tab the kind declares).
 */
export function PlantRecordTab({
  d,
  kind,
  params,
  ...rest
}: {
  d: PlantDetalje;
  kind: AnyRecordKind;
  params: RouteParams;
} & Pick<RegistreringTabProps, 'skjulte' | 'tilbehoer' | 'overskrift'>) {
  const tile = useTile();
  const { ejer, kontekst, efter } = usePlantRegistrering(d);
  return (
    <RegistreringTab
      kind={kind}
      ejer={ejer}
      kontekst={kontekst}
      valg={faneValg(tile, ENTITETER.vandanlaeg, d.plant.id, kind, params)}
      efterAendring={efter}
      useKommandoer={useFrameCommands}
      {...rest}
    />
  );
}

/** A plant record list's owner (the plant), field context, and what is stale after its changes. */
function usePlantRegistrering(d: PlantDetalje) {
  const ejer = { id: d.plant.id, type: d.plant.type, kanRette: d.kanRette, betegnelse: 'dette vandanlæg' };
  return { ejer, kontekst: usePlantKontekst(d), efter: usePlantEfterAendring(d.plant.id) };
}

/** The view of every plant tab that shows one record kind with nothing more (its kind found from the route). */
export function RegistreringView({ route, params }: ViewProps) {
  const kind = kraevArt(route, VANDANLAEG_ARTER);
  return (
    <EjerRamme ejer={VANDANLAEG_RAMME} route={route} params={params}>
      {(d) => <PlantRecordTab d={d} kind={kind} params={params} />}
    </EjerRamme>
  );
}

/** For tabs with several lists: none registers tile commands (the buttons stay keyboard reachable). */
export function useIngenKommandoer(_commands: TileCommand[]): void {}

/**
 * A plant record list whose selection is its own (a tab without a record id in its address, or
 * several lists on one tab), optionally fixed to a parent record (a dispensation's order).
 */
export function PlantRecordListe({
  d,
  kind,
  enesteListe = false,
  ogsaaEfterAendring,
  ...rest
}: {
  d: PlantDetalje;
  kind: AnyRecordKind;
  /** The tab's only list: its commands (Alt+N, Ctrl+S) go to the tile. */
  enesteListe?: boolean;
  /** What else is stale after a change (beside the plant and its side panels). */
  ogsaaEfterAendring?(): void;
} & Pick<
  RegistreringTabProps,
  'skjulte' | 'tilbehoer' | 'overskrift' | 'faste' | 'liste' | 'tabelNavn' | 'vagt'
>) {
  const { ejer, kontekst, efter } = usePlantRegistrering(d);
  return (
    <RegistreringTab
      kind={kind}
      ejer={ejer}
      kontekst={kontekst}
      efterAendring={() => {
        efter();
        ogsaaEfterAendring?.();
      }}
      useKommandoer={enesteListe ? useFrameCommands : useIngenKommandoer}
      {...rest}
    />
  );
}

/**
 * Imported and exported quantities ('Importeret fra' / 'Eksporteret til'), for the maengder tab:
 * the plant's `ImportEksportVandmaengder` records as a list with its form. They count in the line
 * loss of the periods they share days with, so a change refreshes the periods too.
 */
export function ImportEksportListe({ d, vagt }: { d: PlantDetalje; vagt?: Vagt }) {
  const client = useQueryClient();
  return (
    <PlantRecordListe
      d={d}
      kind={IMPORT_EKSPORT_VANDMAENGDER}
      overskrift="Import og eksport"
      vagt={vagt}
      ogsaaEfterAendring={() => void client.invalidateQueries({ queryKey: vandKeys.maengder(d.plant.id) })}
    />
  );
}
