import type { ViewProps } from '../../workspace/tile-api';

/** Placeholder while the water-plant tab is built (issue 11). */
export default function VandproeverView(_props: ViewProps) {
  return <p className="muted">Under opbygning</p>;
}
