import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../data-dir';

/**
 * Outgoing e-mail. The default transport writes each mail to a local outbox folder,
 * `DATA_DIR/outbox/`, as an RFC 5322 message (`.eml`, opens in any mail program) and a `.json` with
 * the same content, so everything runs offline and tests can read what was sent.
 *
 * For real use set MAIL_TRANSPORT=smtp with MAIL_SMTP_URL (e.g. smtp://user:pass@host:587) and
 * MAIL_FROM. The SMTP transport uses `nodemailer`, loaded only when SMTP is chosen, so the default
 * start does not load it.
 */
export interface Mail {
  til: string[];
  emne: string;
  tekst: string;
}

export interface SendtMail extends Mail {
  id: string;
  fra: string;
  sendt: string;
}

export interface Mailer {
  readonly art: 'outbox' | 'smtp';
  send(mail: Mail): Promise<SendtMail>;
}

export const STANDARD_AFSENDER = 'Miljøtilsyn <noreply@miljoetilsyn.local>';

/** Encodes a header value with non-ASCII characters as RFC 2047 (UTF-8, base64). */
function header(value: string): string {
  return /^[\x20-\x7e]*$/.test(value)
    ? value
    : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function adresse(a: string): string {
  const m = /^(.*)<([^>]+)>\s*$/.exec(a);
  return m ? `${header(m[1]!.trim())} <${m[2]}>` : a;
}

/** The message as an .eml file: headers, blank line, body as quoted-printable-free UTF-8 (8bit). */
export function somEml(m: SendtMail): string {
  const linjer = [
    `Message-ID: <${m.id}@miljoetilsyn.local>`,
    `Date: ${new Date(m.sendt).toUTCString()}`,
    `From: ${adresse(m.fra)}`,
    `To: ${m.til.map(adresse).join(', ')}`,
    `Subject: ${header(m.emne)}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    m.tekst.replace(/\r?\n/g, '\r\n'),
  ];
  return `${linjer.join('\r\n')}\r\n`;
}

export class OutboxMailer implements Mailer {
  readonly art = 'outbox' as const;
  constructor(
    readonly mappe: string,
    private readonly fra = STANDARD_AFSENDER,
  ) {}

  async send(mail: Mail): Promise<SendtMail> {
    const sendt = new Date();
    const id = `${sendt.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
    const m: SendtMail = { ...mail, id, fra: this.fra, sendt: sendt.toISOString() };
    // Mails name reporters and their data: the outbox is the server user's only (0700, files 0600).
    await ensurePrivateDir(this.mappe);
    const fil = { encoding: 'utf8', mode: PRIVATE_FILE_MODE } as const;
    await writeFile(path.join(this.mappe, `${id}.eml`), somEml(m), fil);
    await writeFile(path.join(this.mappe, `${id}.json`), `${JSON.stringify(m, null, 2)}\n`, fil);
    return m;
  }
}

interface NodemailerLike {
  createTransport(url: string): { sendMail(o: Record<string, unknown>): Promise<{ messageId?: string }> };
}

export class SmtpMailer implements Mailer {
  readonly art = 'smtp' as const;
  private transport: ReturnType<NodemailerLike['createTransport']> | null = null;
  constructor(
    private readonly url: string,
    private readonly fra: string,
  ) {}

  private async hent() {
    if (this.transport) return this.transport;
    const navn = 'nodemailer';
    let modul: { default?: NodemailerLike } & Partial<NodemailerLike>;
    try {
      modul = (await import(/* @vite-ignore */ navn)) as typeof modul;
    } catch {
      throw new Error('MAIL_TRANSPORT=smtp kræver npm-pakken nodemailer: npm install nodemailer');
    }
    const nm = (modul.default ?? modul) as NodemailerLike;
    this.transport = nm.createTransport(this.url);
    return this.transport;
  }

  async send(mail: Mail): Promise<SendtMail> {
    const t = await this.hent();
    const info = await t.sendMail({ from: this.fra, to: mail.til, subject: mail.emne, text: mail.tekst });
    return { ...mail, id: info.messageId ?? randomUUID(), fra: this.fra, sendt: new Date().toISOString() };
  }
}

/** The outbox folder under a data folder. */
export const outboxMappe = (dataDir: string) => path.resolve(dataDir, 'outbox');

/** The mailer the environment asks for: the outbox unless MAIL_TRANSPORT=smtp. */
export function mailerFraMiljoe(dataDir: string, env: NodeJS.ProcessEnv = process.env): Mailer {
  const fra = env.MAIL_FROM || STANDARD_AFSENDER;
  if (env.MAIL_TRANSPORT === 'smtp') {
    if (!env.MAIL_SMTP_URL) throw new Error('MAIL_TRANSPORT=smtp kræver MAIL_SMTP_URL');
    return new SmtpMailer(env.MAIL_SMTP_URL, fra);
  }
  return new OutboxMailer(outboxMappe(dataDir), fra);
}
