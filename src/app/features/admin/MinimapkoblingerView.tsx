import type { ViewProps } from '../../workspace/tile-api';

/** Minimapkoblinger (issue 15): being built. */
export default function MinimapkoblingerView(_props: ViewProps) {
  return <p className="tom-tekst">Minimapkoblinger</p>;
}
