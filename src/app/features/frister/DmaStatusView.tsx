import type { ViewProps } from '../../workspace/tile-api';

/** DMA-status (issue 15): being built. */
export default function DmaStatusView(_props: ViewProps) {
  return <p className="tom-tekst">DMA-status</p>;
}
