import { z } from 'zod';
import { defineCall } from '../define';
import { PERM } from '../permissions';

export const ZBackupInfo = z.object({
  database: z.enum(['pglite', 'postgres']),
  storage: z.enum(['local', 's3']),
  /** Stored files (rows of the file table, deleted ones included: their bytes are kept). */
  files: z.number().int(),
  /** Null when a backup can be made here; else why not (e.g. pg_dump missing). */
  unavailable: z.string().nullable(),
});
export type BackupInfo = z.output<typeof ZBackupInfo>;

export const systemCalls = {
  health: defineCall({
    method: 'GET',
    path: '/healthz',
    requestKind: 'query',
    request: z.object({}),
    data: z.object({ status: z.literal('ok') }),
    permission: 'public',
    summary: 'The process is alive',
    fromSpec: false,
  }),
  ready: defineCall({
    method: 'GET',
    path: '/readyz',
    requestKind: 'query',
    request: z.object({}),
    data: z.object({ status: z.literal('ready'), migrations: z.number().int() }),
    permission: 'public',
    summary: 'The database answers and every migration is applied (HTTP 503 otherwise)',
    fromSpec: false,
  }),
  backupInfo: defineCall({
    method: 'GET',
    path: '/base_api/base/api/system/backupInfo',
    requestKind: 'query',
    request: z.object({}),
    data: ZBackupInfo,
    permission: PERM.backupDownload,
    summary: 'What a backup of this installation holds and whether it can be made here',
    fromSpec: false,
  }),
  backupDownload: defineCall({
    method: 'GET',
    path: '/base_api/base/api/system/backup',
    requestKind: 'query',
    responseKind: 'blob',
    request: z.object({}),
    data: z.null(),
    permission: PERM.backupDownload,
    summary: 'One backup archive (tar.gz): the database and the stored files, with checksums; restore with npm run restore',
    fromSpec: false,
  }),
} as const;
