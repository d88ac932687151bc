import type { ViewProps } from '../../workspace/tile-api';

/** Frasebibliotek (issue 15): being built. */
export default function FrasebibliotekView(_props: ViewProps) {
  return <p className="tom-tekst">Frasebibliotek</p>;
}
