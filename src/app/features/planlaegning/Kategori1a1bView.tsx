import type { ViewProps } from '../../workspace/tile-api';
import { PeriodeFrame } from './Frame';
import { Prioritering } from './PrioriteringView';

/** /planlaegningsperioder/:id/kategori1a1b ('Kategori 1a + 1b'): the priority list of category 1a and 1b. */
export default function Kategori1a1bView({ params }: ViewProps) {
  return (
    <PeriodeFrame params={params}>
      {({ periode }) => <Prioritering periodeId={periode.id} liste="1a1b" />}
    </PeriodeFrame>
  );
}
