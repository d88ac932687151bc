import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds the PGlite database (whose files carry password hashes, also in column statistics),
 * the JWT secret and the mail outbox: everything in it is for the server's own user only, folders
 * 0700 and files 0600.
 */

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** Group and others: any of their bits set means someone besides the owner can get at it. */
const GROUP_OTHER = 0o077;

/**
 * New files and folders of this process for the owner only. Called first thing at start-up, so what
 * PostgreSQL (PGlite) creates while it runs (relation files, WAL segments) is owner-only too.
 */
export function restrictUmask(): void {
  process.umask(0o077);
}

/**
 * Creates the folder (and any missing parents) for the owner only, and makes an existing one so when
 * it is ours to change (secureDataDir warns about one that is not).
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE).catch(() => undefined);
}

export interface DataDirCheck {
  /** Files and folders whose mode was narrowed to the owner. */
  fixed: number;
  /** Paths others can still get at: not ours to change, or symbolic links to such a target. */
  exposed: string[];
}

/**
 * Walks the folder and narrows every folder to 0700 and every file to 0600 where group or others had
 * any access. Symbolic links are not followed or changed (their target may be outside the folder):
 * one whose target others can read is reported. What cannot be fixed is reported through `warn`,
 * paths only, never contents. A missing folder is fine: nothing is in it yet.
 */
export async function secureDataDir(
  dir: string,
  warn: (message: string) => void = console.warn,
): Promise<DataDirCheck> {
  const result: DataDirCheck = { fixed: 0, exposed: [] };
  const visit = async (p: string, isRoot: boolean) => {
    let info: Awaited<ReturnType<typeof lstat>>;
    try {
      info = isRoot ? await stat(p) : await lstat(p);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    if (info.isSymbolicLink()) {
      const target = await stat(p).catch(() => undefined);
      if (target && target.mode & GROUP_OTHER) result.exposed.push(p);
      return;
    }
    if (info.mode & GROUP_OTHER) {
      try {
        await chmod(p, info.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
        result.fixed += 1;
      } catch {
        result.exposed.push(p);
      }
    }
    if (info.isDirectory()) {
      for (const name of await readdir(p)) await visit(path.join(p, name), false);
    }
  };
  await visit(dir, true);
  if (result.exposed.length > 0) {
    const eksempler = result.exposed.slice(0, 3).join(', ');
    warn(
      `Advarsel: ${result.exposed.length} fil(er) i datamappen ${dir} kan læses af andre end serverens bruger og kunne ikke rettes (${eksempler}${result.exposed.length > 3 ? ', ...' : ''}). Giv kun ejeren adgang, fx chmod -R go-rwx, eller flyt dem ind i mappen.`,
    );
  }
  return result;
}
