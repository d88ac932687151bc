import { useQuery } from '@tanstack/react-query';
import { hentVersion } from '../../contract/session';
import { PRODUCT_NAME } from '../lib/product';
import { http } from '../session/runtime';

/** Footer on home and login routes: year, and 'v' + product name + version + revision (spec 000 §2.4). */
export function Footer() {
  const { data } = useQuery({
    queryKey: ['login', 'version'],
    queryFn: () => http.call(hentVersion, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <footer className="footer">
      <span>© {new Date().getFullYear()}</span>
      <span>{data ? `v ${PRODUCT_NAME} ${data.version} (${data.svnVersion})` : `v ${PRODUCT_NAME}`}</span>
    </footer>
  );
}
