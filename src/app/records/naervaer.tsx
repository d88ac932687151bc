import { PencilLine } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { postNoegle } from '../../contract/naervaer';
import { type Anden, useEgenNaervaer, useNaervaer } from '../session/naervaer';
import { RedigeringsNaervaer } from '../ui/form';

/**
 * Presence on a record (a company, farm, water plant or SAT company): the others with unsaved
 * changes in it, and this page's own unsaved changes told to them. The frame wraps its tab in
 * `PostNaervaer`; every versioned form inside reports its dirty state through the context, and the
 * record is 'being edited' while any of them holds edits.
 */
export function usePostNaervaer(id: number | undefined, fane: string) {
  const noegle = id === undefined ? null : postNoegle(id);
  const andre = useNaervaer(noegle);
  const [beskidte, setBeskidte] = useState<ReadonlySet<string>>(new Set());
  const melder = useCallback((formId: string, dirty: boolean) => {
    setBeskidte((s) => {
      if (s.has(formId) === dirty) return s;
      const n = new Set(s);
      if (dirty) n.add(formId);
      else n.delete(formId);
      return n;
    });
  }, []);
  const hvad = fane.toLocaleLowerCase('da-DK');
  useEgenNaervaer(noegle, beskidte.size > 0 ? { type: 'redigerer', hvad } : null);
  const redigerer = useMemo(() => andre.filter((a) => a.tilstand?.type === 'redigerer'), [andre]);
  return { melder, redigerer };
}

/** Provides the forms of a record's tab with the record's presence melder. */
export function PostNaervaer({
  melder,
  children,
}: {
  melder: (formId: string, dirty: boolean) => void;
  children: ReactNode;
}) {
  return <RedigeringsNaervaer.Provider value={melder}>{children}</RedigeringsNaervaer.Provider>;
}

/** 'Anne Larsen redigerer stamoplysninger' in a record's toolbar, for each other user editing it. */
export function RedigeresAf({ andre }: { andre: readonly Anden[] }) {
  if (andre.length === 0) return null;
  const tekst = andre
    .map((a) => `${a.navn} redigerer ${a.tilstand?.type === 'redigerer' ? a.tilstand.hvad : ''}`.trim())
    .join(' · ');
  return (
    <span className="ramme-naervaer" role="status" data-testid="redigeres-af" title={tekst}>
      <PencilLine size={13} aria-hidden="true" />
      <span>{tekst}</span>
    </span>
  );
}
