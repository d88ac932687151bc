import { useTileTitle, type ViewProps } from './tile-api';

/** A route whose screen is not built yet: it still opens, is addressable and shows where it is. */
export default function RouteOverview({ route, params }: ViewProps) {
  useTileTitle(params.id ? `${route.group} ${params.id}` : null);
  return (
    <div className="route-overview">
      <p className="muted">
        {route.group} · {route.title}
      </p>
      <p>Denne visning er endnu ikke bygget i Miljøtilsyn workspace.</p>
    </div>
  );
}
