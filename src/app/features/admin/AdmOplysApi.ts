import { useQuery } from '@tanstack/react-query';
import {
  type AdmOplys,
  type AdmOplysInput,
  admOplysSchema,
  gemAdmOplysning,
  hentAdmLogo,
  hentAdmOplysninger,
  opretAdmOplysning,
  sletAdmOplysning,
  uploadAdmLogo,
} from '../../../contract/admin-tekster';
import { stiFor } from '../../../contract/endpoint';
import { http } from '../../session/runtime';

/** The administrative details' calls; keys start with ['admoplys', …]. */
export const admOplysKeys = {
  liste: (kundeId: number) => ['admoplys', kundeId] as const,
  logo: (id: number, version: number) => ['admoplys', 'logo', id, version] as const,
};

export function useAdmOplysninger(kundeId: number) {
  return useQuery({
    queryKey: admOplysKeys.liste(kundeId),
    queryFn: ({ signal }) => http.call(hentAdmOplysninger, { signal, silent: true }),
    enabled: kundeId > 0,
  });
}

export const opretAdmOplys = (input: AdmOplysInput): Promise<AdmOplys> =>
  http.call(opretAdmOplysning, { body: input, silent: true });

export const gemAdmOplys = (id: number, input: AdmOplysInput, version: number): Promise<AdmOplys> =>
  http.call(gemAdmOplysning, { params: { id }, body: { ...input, version }, silent: true });

export const sletAdmOplys = (id: number, version: number): Promise<unknown> =>
  http.call(sletAdmOplysning, { params: { id }, query: { version }, silent: true });

export const uploadLogo = (id: number, version: number, fil: File): Promise<AdmOplys> => {
  const form = new FormData();
  form.append('logo', fil, fil.name);
  return http.upload(`${stiFor(uploadAdmLogo, { id })}?version=${version}`, form, {
    schema: admOplysSchema,
    silent: true,
  });
};

/** The set's logo as an object URL for an <img> (the call needs the token, so no plain src). */
export function useLogoUrl(s: AdmOplys | undefined) {
  return useQuery({
    queryKey: admOplysKeys.logo(s?.id ?? 0, s?.version ?? 0),
    queryFn: async () => {
      const svar = await http.download('GET', stiFor(hentAdmLogo, { id: s!.id }), { silent: true });
      return URL.createObjectURL(svar.blob);
    },
    enabled: !!s?.harLogo,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
