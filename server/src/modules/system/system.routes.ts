import { systemCalls } from '@erp/contract';
import { appliedMigrations, migrationCount } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { implement } from '../../platform/http/context';
import { STOPPING_MESSAGE } from '../../platform/http/draining';
import type { ServerModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { BackupService } from './backup.service';

export const systemModule: ServerModule = {
  name: 'system',
  routes(platform) {
    const expected = migrationCount();
    const backup = backupServiceOf(platform);
    return implement(systemCalls, {
      health: async () => ({ status: 'ok' as const }),
      ready: async () => {
        if (platform.draining.draining) throw new AppError(503, STOPPING_MESSAGE, '503');
        let applied: number;
        try {
          applied = await appliedMigrations(platform.db);
        } catch {
          throw new AppError(503, '数据库暂时不可用，请稍后重试', '503');
        }
        if (applied < expected) throw new AppError(503, `数据库迁移未完成（${applied}/${expected}）`, '503');
        return { status: 'ready' as const, migrations: applied };
      },
      backupInfo: () => backup.info(),
      backupDownload: async (_input, ctx) => {
        ctx.req.log.info({ userId: ctx.user.userId }, 'backup downloaded by an administrator');
        return backup.send(ctx.reply);
      },
    });
  },
  setup(app, platform) {
    backupServiceOf(platform).registerLocalRoute(app);
  },
};

/** One backup service per app: its local token is the one main.ts announces in DATA_DIR. */
export function backupServiceOf(platform: Platform): BackupService {
  let service = platform.services.get('backup') as BackupService | undefined;
  if (!service) {
    service = new BackupService(platform);
    platform.services.set('backup', service);
  }
  return service;
}
