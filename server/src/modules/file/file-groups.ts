import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { badRequest, forbidden } from '../../platform/errors';
import { files } from './file.schema';

/**
 * An attachment group a record refers to must be the user's own uploads (no borrowing someone
 * else's files through their group id). With `required`, the group must hold a live file.
 */
export async function assertOwnFileGroup(db: Db, user: Principal, groupId: string | null | undefined, opts: { required?: string } = {}): Promise<void> {
  if (!groupId) {
    if (opts.required) throw badRequest(opts.required);
    return;
  }
  if (!/^[0-9a-f]{32}$/.test(groupId)) throw badRequest('附件编号不正确');
  const [foreign] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.groupId, groupId), sql`${files.ownerId} <> ${user.userId}`))
    .limit(1);
  if (foreign) throw forbidden('只能附上自己上传的文件');
  if (opts.required) {
    const [live] = await db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.groupId, groupId), sql`${files.deletedAt} IS NULL`))
      .limit(1);
    if (!live) throw badRequest(opts.required);
  }
}
