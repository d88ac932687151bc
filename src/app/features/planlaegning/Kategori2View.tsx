import type { ViewProps } from '../../workspace/tile-api';
import { PeriodeFrame } from './Frame';
import { Prioritering } from './PrioriteringView';

/** /planlaegningsperioder/:id/kategori2 ('Kategori 2'): the priority list of category 2. */
export default function Kategori2View({ params }: ViewProps) {
  return (
    <PeriodeFrame params={params}>
      {({ periode }) => <Prioritering periodeId={periode.id} liste="2" />}
    </PeriodeFrame>
  );
}
