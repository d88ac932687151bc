import type { ViewProps } from '../../workspace/tile-api';

/** Brugeradministration (issue 15): being built. */
export default function BrugerAdministrationView(_props: ViewProps) {
  return <p className="tom-tekst">Brugeradministration</p>;
}
