import type { ViewProps } from '../../workspace/tile-api';

/** Dokumentskabeloner (issue 15): being built. */
export default function DokumentskabelonerView(_props: ViewProps) {
  return <p className="tom-tekst">Dokumentskabeloner</p>;
}
