import { useQuery } from '@tanstack/react-query';
import { type AdmOplys, admOplysSchema, hentAdmLogo, uploadAdmLogo } from '../../../contract/admin-tekster';
import { stiFor } from '../../../contract/endpoint';
import { http } from '../../session/runtime';

/** The logo calls of the administrative details (the sets themselves: the generic record calls). */
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
    queryKey: ['admoplys', 'logo', s?.id ?? 0, s?.version ?? 0],
    queryFn: async () => {
      const svar = await http.download('GET', stiFor(hentAdmLogo, { id: s!.id }), { silent: true });
      return URL.createObjectURL(svar.blob);
    },
    enabled: !!s?.harLogo,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
