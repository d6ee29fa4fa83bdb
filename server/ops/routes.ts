/**
 * The dashboard's reads of the server's own state (behind the admin guard):
 *   GET /api/admin/backups  the scheduled backups' state
 *   GET /api/admin/setup    the first-run checklist's three server lines (docs/decisions/0032): booking e-mails
 *                           configured, a verified backup in the last week, the signed-in account's password changed
 *                           since it was made (as the doctor says it: updated_at after created_at).
 */
import type { FastifyInstance } from 'fastify';
import type { SetupStatus } from '../../src/content/backend';
import { signedInAdmin } from '../plugins/admin-guard';
import { backupStatus } from './backups';

const WEEK_MS = 7 * 86_400_000;

export async function opsAdminRoutes(app: FastifyInstance): Promise<void> {
  app.get('/backups', async () => {
    const { db, config } = app.services;
    return backupStatus(db, config.backup);
  });
  app.get('/setup', async (request): Promise<SetupStatus> => {
    const { db, config } = app.services;
    const now = Date.now();
    const { newest } = await backupStatus(db, config.backup, now);
    const row = (await db.client.execute({ sql: 'SELECT created_at, updated_at FROM accounts WHERE id = ?', args: [signedInAdmin(request).accountId] }))
      .rows[0];
    return {
      bookingMail: Boolean(config.mail),
      backupThisWeek: newest !== undefined && now - newest.at <= WEEK_MS,
      passwordChanged: row !== undefined && Number(row.updated_at) > Number(row.created_at),
      // The own list (issue 28): the page takes sign-ups (mail set up), or the Kit form was chosen on purpose.
      fansList: Boolean(config.mail) || (await app.services.fans.choice()) === 'kit',
    };
  });
}
