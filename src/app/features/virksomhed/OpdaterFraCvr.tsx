import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Virksomhed } from '../../../contract/virksomhed';
import { Button } from '../../ui/Button';
import { afterChange } from './api';

/** The register dialog (OpdaterFraCvrDialog.tsx), loaded when first opened. */
const Dialog = lazy(() => import('./OpdaterFraCvrDialog').then((m) => ({ default: m.OpdaterFraCvrDialog })));

/** 'Opdater fra CVR' on a company with a CVR number; after the update the company is read again. */
export function OpdaterFraCvr({ v, disabled }: { v: Virksomhed; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  if (!v.basis.cvrNr) return null;
  return (
    <>
      <Button
        color="secondary"
        disabled={disabled}
        title={disabled ? 'Gem eller fortryd dine ændringer først' : 'Hent navn, adresse og branche fra CVR'}
        onClick={() => setOpen(true)}
      >
        <RefreshCw size={14} aria-hidden="true" />
        Opdater fra CVR
      </Button>
      {open && (
        <Suspense fallback={null}>
          <Dialog
            virksomhedId={v.id}
            version={v.version}
            onDone={() => {
              setOpen(false);
              afterChange(client, v.id);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
