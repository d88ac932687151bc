import { z } from 'zod';

const clientConfigSchema = z.object({
  ssoLoginUrl: z.string(),
  ssoLogoutUrl: z.string(),
  demo: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

const FALLBACK: ClientConfig = { ssoLoginUrl: '/sso/', ssoLogoutUrl: '/sso/logout', demo: true };

/** The server writes its client configuration into index.html (a meta tag, allowed by the strict CSP). */
export function readClientConfig(): ClientConfig {
  const content = document.querySelector('meta[name="mw-config"]')?.getAttribute('content');
  if (!content) return FALLBACK;
  try {
    return clientConfigSchema.parse(JSON.parse(content));
  } catch {
    return FALLBACK;
  }
}
