import { EjerRamme } from '../../records/ramme-ejer';
import type { ViewProps } from '../../workspace/tile-api';
import { VIRKSOMHED_RAMME } from './ejer';
import { Stamoplysninger } from './Stamoplysninger';

/** /virksomheder/:id/stamoplysninger and /landbrug/:id/stamoplysninger. */
export default function StamoplysningerView({ route, params }: ViewProps) {
  return (
    <EjerRamme ejer={VIRKSOMHED_RAMME} route={route} params={params}>
      {(d) => <Stamoplysninger d={d} />}
    </EjerRamme>
  );
}
