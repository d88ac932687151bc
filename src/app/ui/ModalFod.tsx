import type { ReactNode } from 'react';
import { Button, SpinnerButton } from './Button';

/**
 * A modal's footer: 'Fortryd', then the modal's one action with a spinner and its text while it runs
 * (Gem skabelon, Opret bruger, Dan brev ...).
 */
export function FortrydOgHandling(p: {
  onFortryd(): void;
  onHandling(): void;
  loading: boolean;
  loadingText: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Button color="secondary" onClick={p.onFortryd}>
        Fortryd
      </Button>
      <SpinnerButton
        loading={p.loading}
        loadingText={p.loadingText}
        disabled={p.disabled}
        onClick={p.onHandling}
      >
        {p.children}
      </SpinnerButton>
    </>
  );
}
