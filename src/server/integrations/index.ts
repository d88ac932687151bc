import type { Config } from '../config';
import type { Db } from '../db/client';
import { type CvrRegister, createCvrRegister } from './cvr';
import { createDawaRegister, type DawaRegister } from './dawa';
import { createDmaSimulator, type DmaSystem } from './dma';
import { createJupiterSimulator, type JupiterRegister } from './jupiter';
import { type Mail, type Mailer, mailerFraMiljoe } from './mail';
import { createOekonomiSimulator, type OekonomiSystem } from './oekonomi';
import { createSatSimulator, type SatSystem } from './sat';

/**
 * The external registers and services, passed to the app in this one place. Each is an interface
 * with a local simulator (the default); a real client replaces the simulator here and nowhere else.
 */
export interface Integrations {
  /** The company register (CVR); simulator over the seeded register rows. */
  cvr: CvrRegister;
  /** Danish addresses (DAWA); simulator over a local address list. */
  dawa: DawaRegister;
  /** The national water-supply database (Jupiter, GEUS); deterministic simulator. */
  jupiter: JupiterRegister;
  /** Outgoing e-mail: the outbox folder, or SMTP when MAIL_TRANSPORT=smtp. */
  mailer: Mailer;
  /** The national SAT system (Miljøstyrelsen); simulator, mode from SAT_SIMULATOR. */
  sat: SatSystem;
  /** The municipality's economy system (invoices of user payment); simulator, mode from OEKONOMI_SIMULATOR. */
  oekonomi: OekonomiSystem;
  /** Danmarks Miljøportal's DMA (publication of inspections); simulator, mode from DMA_SIMULATOR. */
  dma: DmaSystem;
}

/**
 * The mailer is made on its first mail: the SMTP transport loads nodemailer, which a start that
 * sends nothing should not need.
 */
function lazyMailer(config: Config): Mailer {
  let inner: Mailer | null = null;
  const hent = () => {
    inner ??= mailerFraMiljoe(config.dataDir);
    return inner;
  };
  return {
    get art() {
      return hent().art;
    },
    send: (mail: Mail) => hent().send(mail),
  };
}

/** The integrations of a running app: the given ones, the simulators for the rest. */
export function createIntegrations(db: Db, config: Config, given: Partial<Integrations> = {}): Integrations {
  return {
    cvr: given.cvr ?? createCvrRegister(db),
    dawa: given.dawa ?? createDawaRegister(),
    jupiter: given.jupiter ?? createJupiterSimulator(),
    mailer: given.mailer ?? lazyMailer(config),
    sat: given.sat ?? createSatSimulator({ tilstand: config.satSimulator }),
    oekonomi: given.oekonomi ?? createOekonomiSimulator({ tilstand: config.oekonomiSimulator, db }),
    dma: given.dma ?? createDmaSimulator({ tilstand: config.dmaSimulator }),
  };
}
