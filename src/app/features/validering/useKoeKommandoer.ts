import { useMemo } from 'react';
import type { KoeRef } from '../../../../machines/koe';
import { type TileCommand, useTileCommands } from '../../workspace/tile-api';
import { FORTRYD_TAST } from './useKoeMaskine';

/** The queue's tile commands (palette, shortcuts and the ? sheet while its tile is focused). */
export function useKoeKommandoer(k: {
  actor: KoeRef;
  maaBeslutte: boolean;
  /** A decision or an undo is in flight. */
  gemmer: boolean;
  kanFortryde: boolean;
  /** A text field in the tile has the focus: Ctrl+Z undoes typing there, not a decision. */
  skriver: boolean;
  medianTest: boolean;
  medianKoerer: boolean;
  koerMedianTest(): void;
  aabnAnlaeg(): void;
  skiftHistorik(): void;
  opdater(): void;
}) {
  const { actor, maaBeslutte, gemmer, kanFortryde, skriver, medianTest, medianKoerer } = k;
  const { koerMedianTest, aabnAnlaeg, skiftHistorik, opdater } = k;
  const commands = useMemo<TileCommand[]>(() => {
    const c: TileCommand[] = [
      {
        id: 'validering:godkend',
        label: 'Godkend valgte',
        shortcut: 'g',
        run: () => actor.send({ type: 'GODKEND' }),
        disabled: !maaBeslutte || gemmer,
      },
      {
        id: 'validering:forkast',
        label: 'Forkast valgte',
        shortcut: 'f',
        run: () => actor.send({ type: 'FORKAST' }),
        disabled: !maaBeslutte || gemmer,
      },
      {
        id: 'validering:fortryd',
        label: 'Fortryd seneste beslutning',
        shortcut: FORTRYD_TAST,
        keywords: ['fortryd', 'undo', 'beslutning'],
        run: () => actor.send({ type: 'FORTRYD' }),
        disabled: !maaBeslutte || gemmer || !kanFortryde || skriver,
      },
    ];
    if (medianTest)
      c.push({
        id: 'validering:median',
        label: 'Kør mediantest',
        shortcut: 'm',
        run: koerMedianTest,
        disabled: medianKoerer,
      });
    c.push(
      { id: 'validering:aabn', label: 'Åbn vandanlægget ved siden af', shortcut: 'o', run: aabnAnlaeg },
      {
        id: 'validering:historik',
        label: 'Skift mellem godkendte og forkastede',
        shortcut: 'h',
        run: skiftHistorik,
      },
      { id: 'validering:opdater', label: 'Opdater listen', shortcut: 'r', run: opdater },
    );
    return c;
  }, [
    actor,
    maaBeslutte,
    gemmer,
    kanFortryde,
    skriver,
    medianTest,
    medianKoerer,
    koerMedianTest,
    aabnAnlaeg,
    skiftHistorik,
    opdater,
  ]);
  useTileCommands(commands);
}
