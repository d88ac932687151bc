import type { ViewProps } from '../../workspace/tile-api';
import { RegistreringView } from './RegistreringTab';

/** The opbevaringslager tab: …/:id/opbevaringslagre/:opbevaringslagerid? */
export default function OpbevaringslagreView(props: ViewProps) {
  return <RegistreringView {...props} art="opbevaringslager" />;
}
