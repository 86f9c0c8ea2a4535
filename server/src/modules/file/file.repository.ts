import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { fileLinkKeys, files } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { FileRow } from './file.schema';

export type NewFile = typeof files.$inferInsert;

/** The only place the file module touches the database. */
export class FileRepository {
  constructor(private readonly db: Db) {}

  async insertAll(rows: NewFile[]): Promise<FileRow[]> {
    return this.db.insert(files).values(rows).returning();
  }

  async byId(id: number): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, id), isNull(files.deletedAt)));
    return row;
  }

  async byStorageKey(key: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.storageKey, key), isNull(files.deletedAt)));
    return row;
  }

  async byIds(ids: number[]): Promise<FileRow[]> {
    if (!ids.length) return [];
    return this.db
      .select()
      .from(files)
      .where(and(inArray(files.id, ids), isNull(files.deletedAt)))
      .orderBy(asc(files.id));
  }

  async byGroup(groupId: string): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.groupId, groupId), isNull(files.deletedAt)))
      .orderBy(asc(files.id));
  }

  /** Owners of a group, deleted files included (a group stays its owner's after its files are removed). */
  async groupOwners(groupId: string): Promise<number[]> {
    const rows = await this.db.selectDistinct({ ownerId: files.ownerId }).from(files).where(eq(files.groupId, groupId));
    return rows.map((r) => r.ownerId);
  }

  async softDelete(id: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .update(files)
      .set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: userId })
      .where(and(eq(files.id, id), isNull(files.deletedAt)))
      .returning({ id: files.id });
    return rows.length > 0;
  }

  /** The link-signing secret shared by every process: created by whichever process asks first. */
  async linkSecret(candidate: string): Promise<string> {
    await this.db.insert(fileLinkKeys).values({ id: 1, secret: candidate }).onConflictDoNothing();
    const [row] = await this.db.select({ secret: fileLinkKeys.secret }).from(fileLinkKeys).where(eq(fileLinkKeys.id, sql`1`));
    if (!row) throw new Error('file link secret missing');
    return row.secret;
  }
}
