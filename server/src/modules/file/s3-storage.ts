import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FileStorage } from './file-storage';
import { isStorageKey } from './file-storage';

/** The SDK is loaded only when S3 storage is chosen: it adds ~130 ms to every start otherwise. */
type ClientSdk = typeof import('@aws-sdk/client-s3');
type StorageSdk = typeof import('@aws-sdk/lib-storage');

export interface S3StorageSettings {
  bucket: string;
  /** Prepended to every key, e.g. "erp/" to share a bucket. */
  prefix?: string;
  region?: string;
  /** Any S3-compatible endpoint (MinIO, Ceph, OSS, COS...); AWS itself when absent. */
  endpoint?: string;
  /** Path-style addressing (http://host/bucket/key), which most self-hosted stores need. */
  forcePathStyle?: boolean;
  /** Static credentials; without them the SDK's default chain (env, profile, instance role) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Part size of multipart uploads: memory held per upload is at most PART_BYTES × PARTS_IN_FLIGHT. */
export const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export function s3Client(sdk: ClientSdk, s: S3StorageSettings): S3Client {
  return new sdk.S3Client({
    region: s.region || 'us-east-1',
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle ?? false,
    ...(s.accessKeyId && s.secretAccessKey ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } } : {}),
    // Newer SDKs add CRC checksums (streamed as aws-chunked trailers) to every upload, which many
    // S3-compatible stores refuse; checksums are sent only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isNotFound = (sdk: ClientSdk, err: unknown) =>
  err instanceof sdk.S3ServiceException ? err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey' : false;

/** An S3 storage with the SDK loaded; `client` replaces the one built from the settings (tests). */
export async function createS3Storage(settings: S3StorageSettings, opts: { client?: S3Client; partBytes?: number } = {}): Promise<S3Storage> {
  const [sdk, lib] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return new S3Storage(sdk, lib, settings, opts.client ?? s3Client(sdk, settings), opts.partBytes ?? PART_BYTES);
}

/**
 * Files in an S3-compatible bucket. `put` streams the temporary file as a multipart upload (parts
 * of 8 MB, two in flight; a failed upload is aborted so no parts are left behind); `open` answers
 * the GetObject body as a stream.
 */
export class S3Storage implements FileStorage {
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(
    private readonly sdk: ClientSdk,
    private readonly lib: StorageSdk,
    settings: S3StorageSettings,
    private readonly client: S3Client,
    private readonly partBytes: number,
  ) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix ?? '';
  }

  private objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error('invalid storage key');
    return this.prefix + key;
  }

  async put(key: string, sourcePath: string): Promise<void> {
    const upload = new this.lib.Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(key), Body: fs.createReadStream(sourcePath) },
      partSize: this.partBytes,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async open(key: string): Promise<Readable> {
    const res = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    if (!(res.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
    return res.Body;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (isNotFound(this.sdk, err)) return false;
      throw err;
    }
  }
}
