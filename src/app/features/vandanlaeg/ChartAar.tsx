import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatTal } from '../../../contract/format';

export interface AarPunkt {
  aar: number;
  oppumpet: number;
  godkendt: number;
}

/** Steps a year axis may take: whole years only, so no tick reads '2016.5'. */
export const AAR_SKRIDT = [1, 2, 5, 10, 20, 50, 100];
/** A year axis's tick texts: whole years, and nothing for a tick between two years. */
export const aarTekster = (ticks: readonly number[]): string[] =>
  ticks.map((n) => (Number.isInteger(n) ? String(n) : ''));

/**
 * The plant's yearly pumped quantities (reported and approved) against the permitted quantity, drawn
 * with uPlot (loaded lazily with this module). Follows the tile's width, so it reads in a half tile.
 */
export default function ChartAar({ aar, tilladt }: { aar: readonly AarPunkt[]; tilladt: number | null }) {
  const boks = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = boks.current;
    if (!el || aar.length === 0) return;
    const x = aar.map((a) => a.aar);
    const data: uPlot.AlignedData = [
      x,
      aar.map((a) => a.oppumpet),
      aar.map((a) => a.godkendt),
      aar.map(() => tilladt),
    ];
    const tal = (_u: uPlot, v: number | null) =>
      v === null || v === undefined ? '–' : `${formatTal(v, 0)} m³`;
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height: 220,
        scales: {
          x: { time: false },
          y: { range: (_u, _min, max) => [0, Math.max(max, tilladt ?? 0) * 1.1 || 1] },
        },
        axes: [
          { values: (_u, v) => aarTekster(v), incrs: AAR_SKRIDT, space: 40 },
          { values: (_u, v) => v.map((n) => formatTal(n, 0)), size: 70 },
        ],
        series: [
          { label: 'År', value: (_u, v) => (v === null ? '' : String(v)) },
          { label: 'Indberettet', stroke: '#1f6fb2', fill: 'rgba(31,111,178,0.12)', width: 2, value: tal },
          { label: 'Godkendt', stroke: '#2e7d32', width: 2, dash: [4, 3], value: tal },
          { label: 'Tilladt', stroke: '#c62828', width: 1.5, points: { show: false }, value: tal },
        ],
        legend: { live: true },
      },
      data,
      el,
    );
    const obs = new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height: 220 }));
    obs.observe(el);
    return () => {
      obs.disconnect();
      plot.destroy();
    };
  }, [aar, tilladt]);
  return (
    <div
      ref={boks}
      className="wd-chart"
      role="img"
      aria-label={`Oppumpet vand pr. år${tilladt ? `, tilladt ${formatTal(tilladt, 0)} m³ pr. år` : ''}`}
    />
  );
}
