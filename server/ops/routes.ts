/** GET /api/admin/backups (behind the admin guard): the scheduled backups' state, for the dashboard. */
import type { FastifyInstance } from 'fastify';
import { backupStatus } from './backups';

export async function opsAdminRoutes(app: FastifyInstance): Promise<void> {
  app.get('/backups', async () => {
    const { db, config } = app.services;
    return backupStatus(db, config.backup);
  });
}
