import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatTal } from '../../../contract/format';
import type { RapportDef, TidsseriePunkt } from '../../../contract/rapport';

const MAANEDER = ['jan', 'feb', 'mar', 'apr', 'maj', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

/** Seconds since 1970 of a month's first day (uPlot's time axis), read as UTC so no day moves. */
const tid = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, 1) / 1000;
const maanedTekst = (s: number) => {
  const d = new Date(s * 1000);
  return `${MAANEDER[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};

/**
 * A time-series report's chart (vandoppumpet, boringpejling): per month, the sum or average of its
 * y column over the whole filtered result, drawn with uPlot (loaded with this module, lazily). Follows
 * the width of its box, so it reads beside the table in a half tile.
 */
export default function RapportGraf({
  def,
  punkter,
}: {
  def: RapportDef;
  punkter: readonly TidsseriePunkt[];
}) {
  const boks = useRef<HTMLDivElement | null>(null);
  const ts = def.tidsserie!;
  const yLabel = def.kolonner.find((k) => k.navn === ts.y)?.label ?? ts.y;
  useEffect(() => {
    const el = boks.current;
    if (!el || punkter.length === 0) return;
    const data: uPlot.AlignedData = [punkter.map((p) => tid(p.maaned)), punkter.map((p) => p.vaerdi)];
    const vaerdi = (_u: uPlot, v: number | null) =>
      v === null || v === undefined ? '–' : `${formatTal(v, 2)} ${ts.enhed}`;
    // Beside the table (a wide tile): up to about half the view's height. Above it (a narrow tile):
    // at most a quarter, so the table keeps most of the tile.
    const hoejde = () => {
      const rapport = el.closest<HTMLElement>('.rapport');
      const h = rapport?.clientHeight || 600;
      const vedSiden = rapport ? el.clientWidth < rapport.clientWidth * 0.6 : false;
      return Math.round(
        vedSiden ? Math.min(360, Math.max(160, h * 0.55)) : Math.min(220, Math.max(100, h * 0.25)),
      );
    };
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height: hoejde(),
        tzDate: (s) => uPlot.tzDate(new Date(s * 1000), 'UTC'),
        scales: { x: { time: true } },
        axes: [
          { values: (_u, v) => v.map(maanedTekst), space: 70 },
          { values: (_u, v) => v.map((n) => formatTal(n, 1)), size: 70, label: ts.enhed },
        ],
        series: [
          { label: 'Måned', value: (_u, v) => (v === null ? '' : maanedTekst(v)) },
          {
            label: ts.aggregat === 'sum' ? `${yLabel}, sum pr. måned` : `${yLabel}, gennemsnit pr. måned`,
            stroke: '#1f6fb2',
            fill: ts.aggregat === 'sum' ? 'rgba(31,111,178,0.12)' : undefined,
            width: 2,
            value: vaerdi,
          },
        ],
        legend: { live: true },
      },
      data,
      el,
    );
    const obs = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, el.clientWidth), height: hoejde() }),
    );
    obs.observe(el);
    return () => {
      obs.disconnect();
      plot.destroy();
    };
  }, [punkter, ts, yLabel]);
  return (
    <figure className="rapport-graf" aria-label={`Graf: ${yLabel} pr. måned`}>
      {punkter.length === 0 ? (
        <p className="muted">Ingen data at vise i grafen.</p>
      ) : (
        <div ref={boks} data-testid="rapport-graf" data-punkter={punkter.length} />
      )}
      <figcaption className="muted small">
        {punkter.length} måneder · {ts.aggregat === 'sum' ? 'sum' : 'gennemsnit'} af {yLabel.toLowerCase()}{' '}
        for hele resultatet
      </figcaption>
    </figure>
  );
}
