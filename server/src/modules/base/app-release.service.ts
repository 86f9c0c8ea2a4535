import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { appReleases } from '../../db/schema';
import type { Db } from '../../platform/db';

type Platform = 'android' | 'ios';

const columns = {
  id: appReleases.id,
  platform: sql<Platform>`${appReleases.platform}`,
  version: appReleases.version,
  downloadUrl: appReleases.downloadUrl,
  // The client draws the QR code from downloadUrl; no image is stored.
  qrImage: sql<string | null>`NULL`,
  notes: appReleases.notes,
  publishedAt: appReleases.publishedAt,
};

const iso = <T extends { publishedAt: Date }>(r: T) => ({ ...r, publishedAt: r.publishedAt.toISOString() });

/** Published mobile app releases (download page of the workbench). */
export class AppReleaseService {
  constructor(private readonly db: Db) {}

  async latest(platform?: Platform) {
    const [row] = await this.db
      .select(columns)
      .from(appReleases)
      .where(platform ? eq(appReleases.platform, platform) : undefined)
      .orderBy(desc(appReleases.publishedAt), desc(appReleases.id))
      .limit(1);
    return row ? iso(row) : null;
  }

  async page(input: { pageIndex: number; pageSize: number; platform?: Platform }) {
    const where: SQL | undefined = and(input.platform ? eq(appReleases.platform, input.platform) : undefined);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(appReleases)
        .where(where)
        .orderBy(desc(appReleases.publishedAt), desc(appReleases.id))
        .limit(input.pageSize)
        .offset((input.pageIndex - 1) * input.pageSize),
      this.db.select({ n: sql<number>`count(*)::int` }).from(appReleases).where(where),
    ]);
    return { records: rows.map(iso), total: Number(total?.n ?? 0), pageIndex: input.pageIndex, pageSize: input.pageSize };
  }
}
