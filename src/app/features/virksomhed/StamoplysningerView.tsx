import type { ViewProps } from '../../workspace/tile-api';
import { DetailFrame } from './DetailFrame';
import { Stamoplysninger } from './Stamoplysninger';

/** /virksomheder/:id/stamoplysninger and /landbrug/:id/stamoplysninger. */
export default function StamoplysningerView({ route, params }: ViewProps) {
  return (
    <DetailFrame route={route} params={params}>
      {(d) => <Stamoplysninger d={d} />}
    </DetailFrame>
  );
}
