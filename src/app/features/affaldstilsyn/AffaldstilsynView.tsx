import { useCallback, useMemo, useRef, useState } from 'react';
import { useFrameCommands } from '../../records/ramme';
import { EjerRamme } from '../../records/ramme-ejer';
import { useDelteVagter } from '../../records/vagt';
import type { TileCommand, ViewProps } from '../../workspace/tile-api';
import { SAT_RAMME, type SatDetalje } from './ejer';
import { Overfoersel } from './Overfoersel';
import { Resultat } from './Resultat';
import { type GemDel, SatStamdata } from './SatStamdata';

/** /affaldstilsyn/:id/affaldstilsyn: the SAT company, its result and the result's transfer to SAT. */
export default function AffaldstilsynView({ route, params }: ViewProps) {
  return (
    <EjerRamme ejer={SAT_RAMME} route={route} params={params}>
      {(d) => <Affaldstilsyn d={d} />}
    </EjerRamme>
  );
}

type Del = 'resultat' | 'overfoersel';

/**
 * The tab holds two forms (the company, the result) and the transfer: each registers its commands
 * under its name and the tile gets them together; one Gem (Mod+S) saves whichever forms hold changes.
 */
function Affaldstilsyn({ d }: { d: SatDetalje }) {
  const { sat, kanRette } = d;
  const vagter = useDelteVagter();
  const [dele, setDele] = useState<Record<Del, TileCommand[]>>({ resultat: [], overfoersel: [] });
  const saetDel = useCallback(
    (navn: Del, c: TileCommand[]) => setDele((x) => (x[navn] === c ? x : { ...x, [navn]: c })),
    [],
  );
  const saetResultat = useCallback((c: TileCommand[]) => saetDel('resultat', c), [saetDel]);
  const saetOverfoersel = useCallback((c: TileCommand[]) => saetDel('overfoersel', c), [saetDel]);

  // Gem (Mod+S): every form with something to save; what each form holds is read when it runs.
  const gemDele = useRef(new Map<string, GemDel>());
  const [kanGemme, setKanGemme] = useState(false);
  const registrer = useCallback((navn: string, del: GemDel | null) => {
    if (del) gemDele.current.set(navn, del);
    else gemDele.current.delete(navn);
    setKanGemme(gemDele.current.size > 0);
  }, []);
  const registrerStam = useCallback((del: GemDel | null) => registrer('stam', del), [registrer]);
  const registrerResultat = useCallback((del: GemDel | null) => registrer('resultat', del), [registrer]);

  const [resultatDirty, setResultatDirty] = useState(false);

  const commands = useMemo<TileCommand[]>(
    () => [
      ...(kanGemme
        ? [
            {
              id: 'gem',
              label: 'Gem',
              shortcut: 'mod+s',
              keywords: ['gem', 'resultat', 'virksomhed'],
              run: () => {
                for (const del of gemDele.current.values()) if (del.dirty) void del.gem();
              },
            },
          ]
        : []),
      ...dele.resultat,
      ...dele.overfoersel,
    ],
    [kanGemme, dele],
  );
  useFrameCommands(commands);

  return (
    <div className="sat-fane">
      <SatStamdata sat={sat} kanRette={kanRette} vagt={vagter('stam')} registrerGem={registrerStam} />
      <div className="sat-resultat-omraade">
        <Resultat
          sat={sat}
          kanRette={kanRette}
          vagt={vagter('resultat')}
          saetKommandoer={saetResultat}
          onDirty={setResultatDirty}
          registrerGem={registrerResultat}
        />
        {sat.satResult && (
          <Overfoersel
            sat={sat}
            kanRette={kanRette}
            resultatDirty={resultatDirty}
            saetKommandoer={saetOverfoersel}
          />
        )}
      </div>
    </div>
  );
}
