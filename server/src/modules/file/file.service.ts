import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MAX_FILES, type FileEntry, type SignedLink } from '@erp/contract';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../../platform/auth/principal';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import type { FileRepository, NewFile } from './file.repository';
import type { FileRow } from './file.schema';
import { type CheckedName, checkUpload, FILE_MESSAGES, HEAD_BYTES, MIME_TYPES, showsInline } from './file-checks';
import type { FileStorage } from './file-storage';
import { LINK_TTL_MS, LinkSigner } from './signed-links';

/** Decides whether a user may read a file that a module owns (moduleName), beyond its uploader. */
export type FileReader = (user: Principal, file: FileRow) => Promise<boolean> | boolean;
/** Told when a user is given a file's content (a download or a preview link), e.g. to record a read of personal data. */
export type FileRevealed = (user: Principal, file: FileRow) => Promise<void>;

export interface UploadOptions {
  fileId?: string;
  moduleName?: string;
  functionName?: string;
  /** At most this many files in one call (default 10). */
  maxFiles?: number;
}

const iso = (d: Date) => d.toISOString();

export function toEntry(row: FileRow): FileEntry {
  return {
    id: row.id,
    fileId: row.groupId,
    fileName: row.fileName,
    fileNameWithoutSuffix: row.fileName.slice(0, Math.max(0, row.fileName.length - row.fileSuffix.length - 1)),
    filePath: row.storageKey,
    fileSize: row.size,
    fileSuffix: row.fileSuffix,
    fileType: row.fileType,
    status: '001',
    sha256: row.sha256,
    moduleName: row.moduleName,
    functionName: row.functionName,
    createTime: iso(row.createdAt),
  };
}

async function readHead(file: UploadedFile): Promise<Uint8Array> {
  const handle = await fs.promises.open(file.tmpPath, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Files: upload rules, storage, read access (owner, administrator, the owning module's reader,
 * or a signed link) and soft deletes. Other modules reach it as `platform.services.get('files')`.
 */
export class FileService {
  private readonly readers = new Map<string, FileReader>();
  private readonly revealedHooks = new Map<string, FileRevealed>();
  private signer: Promise<LinkSigner> | null = null;

  constructor(
    private readonly repo: FileRepository,
    private readonly storage: FileStorage,
  ) {}

  /** Lets a module grant read access to the files it owns (e.g. receivers of a message). */
  registerReader(moduleName: string, reader: FileReader, revealed?: FileRevealed): void {
    this.readers.set(moduleName, reader);
    if (revealed) this.revealedHooks.set(moduleName, revealed);
  }

  /**
   * The user is given the file's content: a download, or a link that downloads it (whoever holds a
   * signed link is not known when it is used, so the read is its issue). The module owning the file
   * decides what that is a read of (issue 34 §5: an ID card's scan is the person's ID number).
   */
  async revealed(user: Principal, row: FileRow): Promise<void> {
    const hook = row.moduleName && row.ownerId !== user.userId ? this.revealedHooks.get(row.moduleName) : undefined;
    if (hook) await hook(user, row);
  }

  private links(): Promise<LinkSigner> {
    this.signer ??= this.repo.linkSecret(randomBytes(32).toString('base64url')).then((s) => new LinkSigner(s));
    return this.signer;
  }

  /** Checks every file first, then stores them all or none. */
  async upload(user: Principal, uploads: UploadedFile[], opts: UploadOptions): Promise<FileEntry[]> {
    if (!uploads.length) throw badRequest(FILE_MESSAGES.noFile);
    const max = opts.maxFiles ?? DEFAULT_MAX_FILES;
    if (uploads.length > max) throw badRequest(FILE_MESSAGES.tooMany(max));
    const checked = await this.checkAll(uploads);
    let groupId = opts.fileId;
    if (groupId) {
      const owners = await this.repo.groupOwners(groupId);
      if (!owners.length) throw notFound('文件组不存在');
      if (!user.isAdmin && owners.some((o) => o !== user.userId)) throw forbidden('不能向他人的文件组添加文件');
    } else groupId = randomBytes(16).toString('hex');
    return this.store(user.userId, checked, groupId, opts);
  }

  /**
   * Files the server makes for a user (the demo's invoice photos), as one new group owned by
   * `ownerId`: the same name and magic-byte checks, storage keys and rows as an upload, so they are
   * read, previewed, backed up and deleted like anything the user uploaded.
   */
  async addGenerated(
    ownerId: number,
    made: Array<{ fileName: string; bytes: Buffer }>,
    opts: Pick<UploadOptions, 'moduleName' | 'functionName'>,
  ): Promise<FileEntry[]> {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'erp-made-'));
    try {
      const uploads = await Promise.all(
        made.map(async (m, i): Promise<UploadedFile> => {
          const tmpPath = path.join(dir, String(i));
          await fs.promises.writeFile(tmpPath, m.bytes);
          const sha256 = createHash('sha256').update(m.bytes).digest('hex');
          return { fieldname: 'file', filename: m.fileName, mimetype: '', tmpPath, size: m.bytes.length, sha256, head: m.bytes.subarray(0, HEAD_BYTES) };
        }),
      );
      return await this.store(ownerId, await this.checkAll(uploads), randomBytes(16).toString('hex'), opts);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  private async checkAll(uploads: UploadedFile[]): Promise<Array<{ file: UploadedFile; name: CheckedName }>> {
    const checked = [];
    for (const file of uploads) {
      const result = checkUpload({ filename: file.filename, size: file.size, head: await readHead(file) });
      if (!result.ok) throw new AppError(file.size > 0 && result.message === FILE_MESSAGES.tooLarge ? 413 : 400, result.message);
      checked.push({ file, name: result.name });
    }
    return checked;
  }

  private async store(
    ownerId: number,
    checked: Array<{ file: UploadedFile; name: CheckedName }>,
    groupId: string,
    opts: Pick<UploadOptions, 'moduleName' | 'functionName'>,
  ): Promise<FileEntry[]> {
    const now = new Date();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const rows: NewFile[] = [];
    const stored: string[] = [];
    try {
      for (const { file, name } of checked) {
        const key = `${month}/${randomBytes(16).toString('hex')}.${name.suffix}`;
        await this.storage.put(key, file.tmpPath);
        stored.push(key);
        rows.push({
          groupId,
          storageKey: key,
          fileName: name.fileName,
          fileSuffix: name.suffix,
          fileType: name.fileType,
          mimeType: MIME_TYPES[name.suffix],
          size: file.size,
          sha256: file.sha256,
          moduleName: opts.moduleName || null,
          functionName: opts.functionName || null,
          ownerId,
          createdBy: ownerId,
          updatedBy: ownerId,
        });
      }
      return (await this.repo.insertAll(rows)).map(toEntry);
    } catch (err) {
      await Promise.all(stored.map((k) => this.storage.remove(k).catch(() => undefined)));
      throw err;
    }
  }

  async canRead(user: Principal, row: FileRow): Promise<boolean> {
    if (row.ownerId === user.userId || user.isAdmin) return true;
    const reader = row.moduleName ? this.readers.get(row.moduleName) : undefined;
    return reader ? Boolean(await reader(user, row)) : false;
  }

  /** A file the user may read; another user's file answers 404 so ids cannot be probed. */
  async readable(user: Principal, id: number): Promise<FileRow> {
    const row = await this.repo.byId(id);
    if (!row || !(await this.canRead(user, row))) throw notFound('文件不存在或无权查看');
    return row;
  }

  async readableByKey(user: Principal, key: string): Promise<FileRow> {
    const row = await this.repo.byStorageKey(key);
    if (!row || !(await this.canRead(user, row))) throw notFound('文件不存在或无权查看');
    return row;
  }

  async group(user: Principal, groupId: string): Promise<FileEntry[]> {
    const rows = await this.repo.byGroup(groupId);
    const visible = [];
    for (const row of rows) if (await this.canRead(user, row)) visible.push(toEntry(row));
    return visible;
  }

  /** Entries by id, for modules that attach files to their records (no access check: the caller decides). */
  async entries(ids: number[]): Promise<FileEntry[]> {
    return (await this.repo.byIds(ids)).map(toEntry);
  }

  /** Rows by id that the user uploaded (attaching someone else's file to a record is refused). */
  async ownedRows(user: Principal, ids: number[]): Promise<FileRow[]> {
    const rows = await this.repo.byIds(ids);
    if (rows.length !== new Set(ids).size || rows.some((r) => r.ownerId !== user.userId && !user.isAdmin)) throw badRequest('附件不存在或不属于当前用户');
    return rows;
  }

  async remove(user: Principal, id: number): Promise<FileRow> {
    const row = await this.repo.byId(id);
    if (!row || !(await this.canRead(user, row))) throw notFound('文件不存在或无权查看');
    if (row.ownerId !== user.userId && !user.isAdmin) throw forbidden('只能删除自己上传的文件');
    if (!(await this.repo.softDelete(id, user.userId))) throw notFound();
    return row;
  }

  async link(row: FileRow, now = Date.now()): Promise<SignedLink> {
    const inline = showsInline(row.fileSuffix);
    const expires = now + LINK_TTL_MS;
    const signature = (await this.links()).sign(`id:${row.id}`, expires, inline);
    const q = new URLSearchParams({ id: String(row.id), expires: String(expires), inline: inline ? '1' : '0', signature });
    return { url: `/base_api/base/api/fileInfo/download?${q}`, expiresAt: expires, fileName: row.fileName, fileSuffix: row.fileSuffix, inline };
  }

  /** A signed link for a storage key (download?fileFullName=...). */
  async keyLink(row: FileRow, now = Date.now()): Promise<string> {
    const expires = now + LINK_TTL_MS;
    const signature = (await this.links()).sign(`key:${row.storageKey}`, expires, false);
    return `/base_api/base/api/file/download?${new URLSearchParams({ fileFullName: row.storageKey, expires: String(expires), signature })}`;
  }

  /** Resolves a download: signed link first, else the signed-in user's read access. */
  async forDownload(
    by: { id: number } | { key: string },
    sig: { expires?: number; signature?: string; inline?: '0' | '1' },
    user: Principal | null,
  ): Promise<{ row: FileRow; inline: boolean }> {
    const inline = sig.inline === '1';
    if (sig.signature !== undefined || sig.expires !== undefined) {
      const subject = 'id' in by ? `id:${by.id}` : `key:${by.key}`;
      if (!(await this.links()).verify(subject, sig.expires, inline, sig.signature)) throw forbidden('链接无效或已过期');
      const row = 'id' in by ? await this.repo.byId(by.id) : await this.repo.byStorageKey(by.key);
      if (!row) throw notFound('文件不存在或已被删除');
      return { row, inline: inline && showsInline(row.fileSuffix) };
    }
    if (!user) throw new AppError(401, '请先登录', '401');
    const row = 'id' in by ? await this.readable(user, by.id) : await this.readableByKey(user, by.key);
    await this.revealed(user, row);
    return { row, inline: false };
  }

  /** The stored bytes of a file, at most `max` (previews convert them; they never reach the client as they are). */
  async bytes(row: FileRow, max: number): Promise<{ data: Buffer; truncated: boolean }> {
    if (!(await this.storage.exists(row.storageKey))) throw notFound('文件内容已丢失');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of await this.storage.open(row.storageKey)) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(b);
      size += b.length;
      if (size >= max) break;
    }
    const data = Buffer.concat(chunks);
    return { data: data.subarray(0, max), truncated: data.length > max || size > max };
  }

  /** Streams the bytes with a content type chosen by the server (never the client's). */
  async send(reply: FastifyReply, row: FileRow, inline: boolean): Promise<FastifyReply> {
    if (!(await this.storage.exists(row.storageKey))) throw notFound('文件内容已丢失');
    const ascii = row.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    reply
      .header('content-type', MIME_TYPES[row.fileSuffix as keyof typeof MIME_TYPES] ?? 'application/octet-stream')
      .header('content-length', String(row.size))
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    // Every type is locked down, PDFs too: the app draws them with pdf.js from a fetch and never
    // opens one as a document of its own (Chrome's PDF viewer would refuse a sandboxed one).
    reply.header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'");
    return reply.send(await this.storage.open(row.storageKey));
  }
}
