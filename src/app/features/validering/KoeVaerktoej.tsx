import { Check, ExternalLink, FlaskConical, RefreshCw, X } from 'lucide-react';
import { Button } from '../../ui/Button';
import { flertal, heltal } from './format';

/** The queue's toolbar: the actions (each with its key) and the status line. */
export function KoeVaerktoej(props: {
  maaBeslutte: boolean;
  /** A decision or an undo is in flight. */
  gemmer: boolean;
  /** Something to decide: a selection or a cursor row. */
  harMaal: boolean;
  harCursor: boolean;
  medianTest: boolean;
  medianKoerer: boolean;
  /** The pending entries (the server's count), the rows loaded, the rows the median test marked. */
  totalCount: number | undefined;
  antalRaekker: number;
  markerede: number | null;
  onGodkend(): void;
  onForkast(): void;
  onMedian(): void;
  onAabn(): void;
  onOpdater(): void;
}) {
  const { maaBeslutte, gemmer, totalCount } = props;
  const kanBeslutte = maaBeslutte && !gemmer && props.harMaal;
  return (
    <span className="vl-bar">
      <Button size="small" onClick={props.onGodkend} disabled={!kanBeslutte} title="Godkend valgte (G)">
        <Check size={14} aria-hidden /> Godkend
      </Button>
      <Button
        size="small"
        color="secondary"
        onClick={props.onForkast}
        disabled={!kanBeslutte}
        title="Forkast valgte (F)"
      >
        <X size={14} aria-hidden /> Forkast
      </Button>
      {props.medianTest && (
        <Button
          size="small"
          color="secondary"
          onClick={props.onMedian}
          loading={props.medianKoerer}
          loadingText="Kører …"
          title="Kør mediantest (M)"
        >
          <FlaskConical size={14} aria-hidden /> Mediantest
        </Button>
      )}
      <Button
        size="small"
        color="secondary"
        onClick={props.onAabn}
        disabled={!props.harCursor}
        title="Åbn vandanlægget ved siden af (O)"
      >
        <ExternalLink size={14} aria-hidden /> Vandanlæg
      </Button>
      <Button
        size="small"
        color="secondary"
        onClick={props.onOpdater}
        title="Opdater listen (R)"
        aria-label="Opdater listen"
      >
        <RefreshCw size={14} aria-hidden />
      </Button>
      <span className="vl-status muted" data-testid="koe-status">
        {totalCount !== undefined ? `${flertal(totalCount, 'afventer', 'afventer')}` : ''}
        {totalCount !== undefined && totalCount > props.antalRaekker
          ? ` · viser de første ${heltal(props.antalRaekker)}`
          : ''}
        {props.markerede !== null ? ` · ${flertal(props.markerede, 'markeret', 'markeret')}` : ''}
        {gemmer ? ' · gemmer …' : ''}
      </span>
      {!maaBeslutte && <span className="vl-laes muted">Kun læseadgang</span>}
    </span>
  );
}
