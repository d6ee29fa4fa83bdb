/**
 * The scheduled backups' settings (docs/decisions/0029-backups-by-themselves.md), read with the rest of the
 * configuration (server/config.ts) so that a bad value stops the server at start with the others:
 *   BACKUP_DIR                    where they go (default: backups/ beside the database, data/backups)
 *   BACKUP_HOUR                   the hour of the artist's day (site.config.ts timeZone) from which the day's backup
 *                                 is taken, 0–23 (default 4); `off`: no scheduled backups
 *   BACKUP_RESTIC_REPOSITORY      optional off-site copy with restic: a folder, sftp:…, s3:…
 *   BACKUP_RESTIC_PASSWORD_FILE   the restic repository's password file (required with the repository)
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';

export interface BackupConfig {
  dir: string;
  /** undefined: scheduled backups are off (BACKUP_HOUR=off, or a remote database). */
  hour?: number;
  restic?: { repository: string; passwordFile: string };
}

/** Whether `inner` is `outer` or inside it. */
export function isInside(inner: string, outer: string): boolean {
  const rel = relative(resolve(outer), resolve(inner));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Why the user running Scena could not make or write into `dir`, or undefined. Changes nothing on disk. */
export function unwritableProblem(dir: string): string | undefined {
  let path = resolve(dir);
  while (!existsSync(path)) {
    const parent = dirname(path);
    if (parent === path) break;
    path = parent;
  }
  try {
    if (!statSync(path).isDirectory()) return `${path} is not a folder`;
    accessSync(path, constants.W_OK | constants.X_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EACCES' ? `${path} cannot be written by this user` : (error as Error).message;
  }
}

/** The backups' settings, or the problems with them (each a sentence saying what to do). */
export function backupConfig(
  env: NodeJS.ProcessEnv,
  paths: { databaseFile?: string; mediaDir: string; root: string },
): { config: BackupConfig; problems: string[] } {
  const problems: string[] = [];
  const given = env.BACKUP_DIR?.trim();
  const dir = given
    ? resolve(process.cwd(), given)
    : resolve(paths.databaseFile ? dirname(resolve(paths.databaseFile)) : resolve(paths.root, 'data'), 'backups');
  if (isInside(dir, paths.mediaDir)) {
    problems.push(
      `BACKUP_DIR (${dir}) is inside the media folder (${paths.mediaDir}): choose a folder outside it, e.g. ${resolve(paths.mediaDir, '..', 'backups')}`,
    );
  } else if (isInside(paths.mediaDir, dir)) {
    problems.push(`BACKUP_DIR (${dir}) holds the media folder (${paths.mediaDir}): choose a folder of its own, e.g. ${resolve(dir, 'backups')}`);
  } else {
    const problem = unwritableProblem(dir);
    if (problem) problems.push(`BACKUP_DIR (${dir}) cannot be used: ${problem}. Make it writable by the user running Scena, or choose another folder`);
  }
  const hourText = env.BACKUP_HOUR?.trim() ?? '';
  let hour: number | undefined = 4;
  if (hourText === 'off') hour = undefined;
  else if (hourText !== '') {
    const n = Number(hourText);
    if (!/^\d{1,2}$/.test(hourText) || n > 23) problems.push(`BACKUP_HOUR must be a whole hour from 0 to 23, or off (got "${hourText}")`);
    else hour = n;
  }
  if (!paths.databaseFile) hour = undefined;
  const repository = env.BACKUP_RESTIC_REPOSITORY?.trim();
  const passwordFile = env.BACKUP_RESTIC_PASSWORD_FILE?.trim();
  let restic: BackupConfig['restic'];
  if (repository) {
    if (!passwordFile) problems.push('BACKUP_RESTIC_REPOSITORY needs BACKUP_RESTIC_PASSWORD_FILE: the file holding the repository password');
    else if (!existsSync(resolve(passwordFile))) problems.push(`BACKUP_RESTIC_PASSWORD_FILE (${resolve(passwordFile)}) does not exist`);
    else restic = { repository, passwordFile: resolve(passwordFile) };
  } else if (passwordFile) problems.push('BACKUP_RESTIC_PASSWORD_FILE is set without BACKUP_RESTIC_REPOSITORY: set both, or neither');
  return { config: { dir, ...(hour === undefined ? {} : { hour }), ...(restic ? { restic } : {}) }, problems };
}
