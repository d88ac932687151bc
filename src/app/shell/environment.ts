/** The product's own domain: its bare and www forms are the production hosts (spec 000 §2.4). */
export const PRODUCT_DOMAIN = 'miljoetilsyn.dk';

export type EnvironmentLabel = 'Development' | 'Test' | 'Preprod';

/**
 * The environment label the top bar shows for a host, or null on production. A host name that
 * names preprod (or staging) is Preprod, one that names test is Test, anything else that is not
 * production (localhost, a developer's machine, a preview host) is Development.
 */
export function environmentLabel(hostname: string): EnvironmentLabel | null {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (host === PRODUCT_DOMAIN || host === `www.${PRODUCT_DOMAIN}`) return null;
  const words = host.split(/[.\-_]/);
  if (words.some((w) => w === 'preprod' || w === 'staging' || w === 'pp')) return 'Preprod';
  if (words.some((w) => w === 'test' || w === 'tst' || /^test\d+$/.test(w))) return 'Test';
  return 'Development';
}
