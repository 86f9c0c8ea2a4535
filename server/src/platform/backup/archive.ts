import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';

/**
 * A backup archive: one gzipped tar holding the database (`pgdata/…` files of the embedded
 * database, or `database/postgres.dump` of pg_dump), the stored files (`files/…`) and, last,
 * `manifest.json` with every entry's size and SHA-256, the schema version and each table's row count.
 */
export const MANIFEST = 'manifest.json';
export const FORMAT = 'erp-backup';
export const FORMAT_VERSION = 1;

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  database: {
    kind: 'pglite' | 'postgres';
    /** PostgreSQL major version of the data (PG_VERSION of the embedded files, the server's for a dump). */
    pgMajor: string;
  };
  /** Applied migrations: their number and the last one's tag, compared with the code's journal at restore. */
  schema: { migrations: number; lastMigration: string | null };
  storage: {
    kind: 'local' | 's3';
    /** With S3 the objects stay in the bucket: the archive lists their keys (`storage/s3-objects.json`). */
    bucket?: string;
    prefix?: string;
    files: number;
  };
  /** Rows per table (schema-qualified), counted in the same snapshot as the copy. */
  tables: Record<string, number>;
  entries: ManifestEntry[];
  /** Directories, empty ones included (PostgreSQL does not start without pg_tblspc, pg_notify…). */
  directories: string[];
}

/** Entry names an archive may hold: no absolute paths, no `..`, nothing outside these folders. */
const ENTRY_NAME = /^(pgdata|files|database|storage)\/(?!.*(^|\/)\.\.?(\/|$))[\w.\-/]+$/;
export const isSafeEntryName = (name: string) => name === MANIFEST || (ENTRY_NAME.test(name) && !name.includes('//') && name.length <= 500);

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/** Writes an archive to `out`, entry by entry, hashing each on the way. */
export class ArchiveWriter {
  private readonly pack = tarPack();
  private readonly done: Promise<void>;
  readonly entries: ManifestEntry[] = [];
  readonly directories: string[] = [];

  constructor(out: Writable) {
    this.done = pipeline(this.pack, createGzip({ level: 6 }), out);
    // A failure of the destination surfaces through `done` (awaited in finish).
    this.done.catch(() => undefined);
  }

  private async entry(name: string, size: number, source: Readable): Promise<void> {
    if (!isSafeEntryName(name)) throw new ArchiveError(`unsafe entry name ${name}`);
    const hash = createHash('sha256');
    let written = 0;
    const sink = this.pack.entry({ name, size, mode: 0o600, mtime: new Date() });
    const counter = new PassThrough();
    counter.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      written += chunk.length;
    });
    await pipeline(source, counter, sink);
    if (written !== size) throw new ArchiveError(`${name} changed while it was archived (${size} bytes expected, ${written} read)`);
    this.entries.push({ name, size, sha256: hash.digest('hex') });
  }

  addFile(name: string, file: string): Promise<void> {
    const { size } = fs.statSync(file);
    return this.entry(name, size, fs.createReadStream(file));
  }

  addBuffer(name: string, data: Buffer): Promise<void> {
    const source = new PassThrough();
    source.end(data);
    return this.entry(name, data.length, source);
  }

  addDirectory(name: string): Promise<void> {
    if (!isSafeEntryName(name)) throw new ArchiveError(`unsafe entry name ${name}`);
    this.directories.push(name);
    return new Promise((resolve, reject) => this.pack.entry({ name, type: 'directory', mode: 0o700 }, (err) => (err ? reject(err) : resolve())));
  }

  /** Every directory and regular file under `dir`, as `prefix/relative/path`, in a stable order; answers the number of files. */
  async addTree(prefix: string, dir: string): Promise<number> {
    const { files, directories } = listTree(dir);
    for (const relative of directories) await this.addDirectory(`${prefix}/${relative}`);
    for (const relative of files) await this.addFile(`${prefix}/${relative}`, path.join(dir, relative));
    return files.length;
  }

  /** Adds the manifest (last, with every entry's checksum) and ends the archive. */
  async finish(manifest: Omit<BackupManifest, 'entries' | 'directories'>): Promise<BackupManifest> {
    const full: BackupManifest = { ...manifest, entries: this.entries, directories: this.directories };
    const data = Buffer.from(JSON.stringify(full, null, 1));
    await new Promise<void>((resolve, reject) =>
      this.pack.entry({ name: MANIFEST, size: data.length, mode: 0o600 }, data, (err) => (err ? reject(err) : resolve())),
    );
    this.pack.finalize();
    await this.done;
    return full;
  }

  /** Ends the archive after a failure, so the destination is closed. */
  abort(err: Error): void {
    this.pack.destroy(err);
  }
}

/** Directories and regular files under `dir`, relative, sorted (depth-first). */
export function listTree(dir: string): { files: string[]; directories: string[] } {
  const files: string[] = [];
  const directories: string[] = [];
  if (!fs.existsSync(dir)) return { files, directories };
  const walk = (relative: string) => {
    const entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      const child = relative ? `${relative}/${e.name}` : e.name;
      if (e.isDirectory()) {
        directories.push(child);
        walk(child);
      } else if (e.isFile()) files.push(child);
    }
  };
  walk('');
  return { files, directories };
}

export const listFiles = (dir: string): string[] => listTree(dir).files;

export interface ReadResult {
  manifest: BackupManifest;
  /** What was read, by entry name. */
  read: Map<string, ManifestEntry>;
}

/**
 * Reads a whole archive, hashing every entry; `write` decides where an entry's bytes go (null:
 * nowhere, for the checking pass). Answers the manifest once every entry matched it: a missing,
 * extra, resized or altered entry, a cut or corrupt file, is an ArchiveError.
 */
export async function readArchive(file: string, write: (name: string) => string | null = () => null): Promise<ReadResult> {
  const read = new Map<string, ManifestEntry>();
  const directories = new Set<string>();
  let manifestText: string | null = null;
  const extract = tarExtract();
  const reading = pipeline(fs.createReadStream(file), createGunzip(), extract).catch((err: Error) => {
    throw new ArchiveError(`the archive is damaged: ${err.message}`);
  });
  reading.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const { type } = entry.header;
      const name = entry.header.name.replace(/\/+$/, '');
      if (type === 'directory' && isSafeEntryName(name)) {
        const target = write(name);
        if (target) fs.mkdirSync(target, { recursive: true, mode: 0o700 });
        directories.add(name);
        entry.resume();
        continue;
      }
      if (type !== 'file') throw new ArchiveError(`the archive holds an unexpected entry: ${name} (${type})`);
      if (!isSafeEntryName(name)) throw new ArchiveError(`the archive holds an unexpected entry: ${name}`);
      if (name === MANIFEST) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      const hash = createHash('sha256');
      let size = 0;
      const target = write(name);
      const counter = new PassThrough();
      counter.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      if (target) {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        await pipeline(entry, counter, fs.createWriteStream(target, { mode: 0o600 }));
      } else {
        await pipeline(entry, counter, devNull());
      }
      read.set(name, { name, size, sha256: hash.digest('hex') });
    }
  } catch (err) {
    await reading.catch(() => undefined);
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(`the archive is damaged: ${(err as Error).message}`);
  }
  await reading;
  if (manifestText === null) throw new ArchiveError('the archive is damaged or not a backup: manifest.json is missing');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText) as BackupManifest;
  } catch {
    throw new ArchiveError('the archive is damaged: manifest.json is not valid JSON');
  }
  if (manifest.format !== FORMAT || !Array.isArray(manifest.entries)) throw new ArchiveError('not a backup of this product (manifest format)');
  if (manifest.formatVersion > FORMAT_VERSION)
    throw new ArchiveError(`backup format ${manifest.formatVersion} is newer than this version reads (${FORMAT_VERSION})`);
  for (const expected of manifest.entries) {
    const got = read.get(expected.name);
    if (!got) throw new ArchiveError(`the archive is damaged: ${expected.name} is missing`);
    if (got.size !== expected.size || got.sha256 !== expected.sha256)
      throw new ArchiveError(`the archive is damaged: checksum of ${expected.name} does not match`);
  }
  for (const dir of manifest.directories ?? []) {
    if (!directories.has(dir)) throw new ArchiveError(`the archive is damaged: directory ${dir} is missing`);
  }
  if (read.size !== manifest.entries.length) {
    const listed = new Set(manifest.entries.map((e) => e.name));
    const extra = [...read.keys()].find((n) => !listed.has(n));
    throw new ArchiveError(`the archive is damaged: ${extra} is not in the manifest`);
  }
  return { manifest, read };
}

function devNull(): Writable {
  return new PassThrough().resume();
}
