import type { ViewProps } from '../../workspace/tile-api';

/** Opfølgning (issue 15): being built. */
export default function OpfoelgningView(_props: ViewProps) {
  return <p className="tom-tekst">Opfølgning</p>;
}
