import {
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';
import type { AnyRecord, AnyRecordKind } from '../../contract/record-kind';
import type { TileCommand } from '../workspace/tile-api';
import { BrevSektion } from './BrevSektion';
import { KontrolpunktSektion } from './KontrolpunktSektion';
import { useDelteVagter, type Vagt } from './vagt';

/**
 * Extra sections of a record kind's saved records, shown under the record's form on the record tab
 * (src/app/records/RegistreringTab.tsx) of any owner: per art, a list of components. Each section gets
 * its own unsaved-changes guard (shared with the form through useDelteVagter) and may add tile
 * commands beside the form's (they reach the palette and the `?` sheet with the form's).
 */
export interface RecordSektionProps {
  kind: AnyRecordKind;
  record: AnyRecord;
  ejer: { id: number; type: number; kanRette: boolean };
  kundeId: number;
  vagt: Vagt;
  /** The section's tile commands (replaces what it set before; [] on unmount). */
  setKommandoer(c: TileCommand[]): void;
}
export type RecordSektion = { navn: string; Komponent: ComponentType<RecordSektionProps> };

/** The inspections of companies, farms and water plants: control points and letters. */
const TILSYN_SEKTIONER: readonly RecordSektion[] = [
  { navn: 'kontrolpunkter', Komponent: KontrolpunktSektion },
  { navn: 'breve', Komponent: BrevSektion },
];

/** The registry: a record kind's art → its extra sections. */
export const RECORD_SEKTIONER: Readonly<Record<string, readonly RecordSektion[]>> = {
  tilsyn: TILSYN_SEKTIONER,
  VandanlaegTilsyn: TILSYN_SEKTIONER,
};

export const harSektioner = (art: string) => (RECORD_SEKTIONER[art]?.length ?? 0) > 0;

/** The sections' commands and the tab's own command hook, for the form's (`useMedSektionKommandoer`). */
const SektionKommandoer = createContext<{ ekstra: TileCommand[]; ydre(c: TileCommand[]): void }>({
  ekstra: [],
  ydre: () => {},
});

/** The form's command hook under MedSektioner: its commands, then the sections', to the tab's hook. */
function useMedSektionKommandoer(c: TileCommand[]): void {
  const { ekstra, ydre } = useContext(SektionKommandoer);
  const samlet = useMemo(() => (ekstra.length ? [...c, ...ekstra] : c), [c, ekstra]);
  // The tab's hook (the same function for the tab's life), called like any hook.
  ydre(samlet);
}

/**
 * Wraps a record kind's form with its sections: the form gets the guard named 'form' and a command
 * hook that appends the sections' commands to its own. Render only for kinds with sections
 * (`harSektioner`), keyed by the art.
 */
export function MedSektioner(p: {
  art: string;
  record: AnyRecord | undefined;
  kind: AnyRecordKind;
  ejer: { id: number; type: number; kanRette: boolean };
  kundeId: number;
  useKommandoer(c: TileCommand[]): void;
  children(formVagt: Vagt, useKommandoer: (c: TileCommand[]) => void): ReactNode;
}) {
  const vagter = useDelteVagter();
  const [kommandoer, setKommandoer] = useState<Readonly<Record<string, TileCommand[]>>>({});
  const ydre = p.useKommandoer;
  const ctx = useMemo(() => ({ ekstra: Object.values(kommandoer).flat(), ydre }), [kommandoer, ydre]);
  const saetFor = useCallback(
    (navn: string) => (c: TileCommand[]) =>
      setKommandoer((k) => (k[navn] === c || (!k[navn] && c.length === 0) ? k : { ...k, [navn]: c })),
    [],
  );
  const setters = useMemo(
    () => new Map((RECORD_SEKTIONER[p.art] ?? []).map((s) => [s.navn, saetFor(s.navn)])),
    [p.art, saetFor],
  );
  return (
    <SektionKommandoer.Provider value={ctx}>
      {p.children(vagter('form'), useMedSektionKommandoer)}
      {p.record &&
        (RECORD_SEKTIONER[p.art] ?? []).map(({ navn, Komponent }) => (
          <Komponent
            key={`${navn}:${p.record?.id}`}
            kind={p.kind}
            record={p.record as AnyRecord}
            ejer={p.ejer}
            kundeId={p.kundeId}
            vagt={vagter(navn)}
            setKommandoer={setters.get(navn)!}
          />
        ))}
    </SektionKommandoer.Provider>
  );
}
