import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Paperclip, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { stiFor } from '../../../contract/endpoint';
import {
  FIL_ACCEPT,
  FIL_MAKS_BYTES,
  FIL_STOERRELSE_FEJL,
  FIL_TYPE_FEJL,
  FIL_TYPER,
  type Fil,
  filEndelse,
  filSchema,
  hentFil,
  hentFilerPaaVandanlaegTilsyn,
  sletFil,
  uploadFilTilVandanlaegTilsyn,
} from '../../../contract/filer';
import { formatTal } from '../../../contract/format';
import { formatDato } from '../../lib/dates';
import { gemSomFil } from '../../lib/gem-fil';
import { HttpError } from '../../lib/http';
import { serverTekst } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { Button } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { toast } from '../../ui/toast';

const stoerrelse = (b: number) =>
  b < 1024
    ? `${b} B`
    : b < 1024 * 1024
      ? `${formatTal(b / 1024, 0)} kB`
      : `${formatTal(b / 1024 / 1024, 1)} MB`;

/** Why a chosen file cannot be sent, checked before the upload (the server checks the same). */
export function filFejl(f: { name: string; size: number }): string | null {
  if (!FIL_TYPER[filEndelse(f.name)]) return FIL_TYPE_FEJL;
  if (f.size > FIL_MAKS_BYTES) return FIL_STOERRELSE_FEJL;
  if (f.size === 0) return 'Filen er tom';
  return null;
}

/**
 * The files of an inspection: the list (name, size, who, when), download, delete and upload. Every
 * action is a button or a labelled file input, so the list is reachable and usable from the keyboard.
 */
export function TilsynFiler({
  plantId,
  tilsynId,
  kanRette,
}: {
  plantId: number;
  tilsynId: number;
  kanRette: boolean;
}) {
  const client = useQueryClient();
  const key = ['vandanlaeg', plantId, 'filer', tilsynId];
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => http.call(hentFilerPaaVandanlaegTilsyn, { params: { id: tilsynId }, signal }),
    staleTime: 30_000,
  });
  const input = useRef<HTMLInputElement>(null);
  const [fejl, setFejl] = useState<string | null>(null);
  const [sender, setSender] = useState(false);
  const { confirm, confirmModal } = useConfirm();

  const upload = async (f: File) => {
    const lokal = filFejl(f);
    setFejl(lokal);
    if (lokal) return;
    const form = new FormData();
    form.append('fil', f, f.name);
    setSender(true);
    try {
      await http.upload(stiFor(uploadFilTilVandanlaegTilsyn, { id: tilsynId }), form, {
        schema: filSchema,
        silent: true,
      });
      toast.success(`Filen '${f.name}' er vedhæftet`);
      await client.invalidateQueries({ queryKey: key });
    } catch (err) {
      setFejl(
        err instanceof HttpError
          ? (serverTekst(err, ['title', 'message']) ?? 'Filen kunne ikke vedhæftes')
          : 'Filen kunne ikke vedhæftes',
      );
    } finally {
      setSender(false);
      if (input.current) input.current.value = '';
    }
  };

  const hent = async (f: Fil) => {
    const svar = await http.download('GET', stiFor(hentFil, { id: f.id }));
    gemSomFil(svar.blob, svar.filename);
  };

  const slet = async (f: Fil) => {
    const ok = await confirm({
      title: 'Er du sikker?',
      message: `Filen '${f.filnavn ?? 'ukendt-filnavn'}' slettes.`,
      confirmLabel: 'Slet',
      confirmColor: 'danger',
    });
    if (!ok) return;
    await http.call(sletFil, { params: { id: f.id } });
    toast.success(`Filen '${f.filnavn ?? 'ukendt-filnavn'}' er slettet`);
    await client.invalidateQueries({ queryKey: key });
  };

  const filer = q.data ?? [];
  const inputId = `fil-${tilsynId}`;
  return (
    <section className="rt-under rt-filer" aria-label="Filer">
      <h3 className="small">Filer</h3>
      {q.isLoading && <p className="muted small">Henter filer …</p>}
      {q.isError && <p className="form-alert">Filerne kunne ikke hentes</p>}
      {q.isSuccess && filer.length === 0 && <p className="muted small">Ingen filer vedhæftet.</p>}
      {filer.length > 0 && (
        <ul>
          {filer.map((f) => (
            <li key={f.id}>
              <Paperclip size={14} aria-hidden="true" />
              <span className="rt-fil-navn" title={f.filnavn ?? undefined}>
                {f.filnavn ?? 'ukendt-filnavn'}
              </span>
              <span className="muted small">
                {stoerrelse(f.stoerrelse)} · {formatDato(f.oprettet)}
                {f.oprettetAf ? ` · ${f.oprettetAf}` : ''}
              </span>
              <Button
                size="small"
                color="secondary"
                onClick={() => void hent(f)}
                aria-label={`Hent ${f.filnavn ?? 'fil'}`}
              >
                <Download size={14} aria-hidden="true" />
                Hent
              </Button>
              {kanRette && (
                <Button
                  size="small"
                  color="danger"
                  onClick={() => void slet(f)}
                  aria-label={`Slet ${f.filnavn ?? 'fil'}`}
                >
                  <Trash2 size={14} aria-hidden="true" />
                  Slet
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {kanRette && (
        <div className="rt-fil-upload">
          <label htmlFor={inputId} className="small">
            Vedhæft fil (pdf, docx, xlsx, jpg, png, txt, msg, eml; højst 10 MB)
          </label>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept={FIL_ACCEPT}
            disabled={sender}
            aria-describedby={fejl ? `${inputId}-fejl` : undefined}
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              if (f) void upload(f);
            }}
          />
          {sender && <span className="muted small"> Sender …</span>}
          {fejl && (
            <p id={`${inputId}-fejl`} className="form-alert" role="alert">
              {fejl}
            </p>
          )}
        </div>
      )}
      {confirmModal}
    </section>
  );
}
