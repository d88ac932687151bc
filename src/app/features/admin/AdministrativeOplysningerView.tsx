import type { ViewProps } from '../../workspace/tile-api';

/** Administrative oplysninger (issue 15): being built. */
export default function AdministrativeOplysningerView(_props: ViewProps) {
  return <p className="tom-tekst">Administrative oplysninger</p>;
}
