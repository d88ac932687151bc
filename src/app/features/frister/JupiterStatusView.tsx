import type { ViewProps } from '../../workspace/tile-api';

/** Jupiter-status (issue 15): being built. */
export default function JupiterStatusView(_props: ViewProps) {
  return <p className="tom-tekst">Jupiter-status</p>;
}
