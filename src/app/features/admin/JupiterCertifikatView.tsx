import type { ViewProps } from '../../workspace/tile-api';

/** Jupiter-certifikat (issue 15): being built. */
export default function JupiterCertifikatView(_props: ViewProps) {
  return <p className="tom-tekst">Jupiter-certifikat</p>;
}
