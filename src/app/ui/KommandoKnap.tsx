import type { ReactNode } from 'react';
import { medGenvej, shortcutsOf } from '../lib/keyboard';
import { Button, type ButtonProps } from './Button';
import type { TileCommand } from './kommando';

/**
 * A button for one of the tile's commands: it runs the command, is disabled with it, and its tooltip
 * is the command's name with its shortcut, so the button, the palette and the `?` sheet cannot drift
 * apart. `children` may shorten the visible text; the command's label is the default.
 */
export function KommandoKnap({
  kommando,
  children,
  ...rest
}: { kommando: TileCommand; children?: ReactNode } & Omit<ButtonProps, 'onClick' | 'title' | 'disabled'>) {
  return (
    <Button
      {...rest}
      onClick={() => kommando.run()}
      title={medGenvej(kommando.label, shortcutsOf(kommando))}
      disabled={kommando.disabled}
    >
      {children ?? kommando.label}
    </Button>
  );
}
