import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received: what the storage sent over the wire. */
export interface FakeS3Request {
  method: string;
  /** Object key without the bucket. */
  key: string;
  query: Record<string, string>;
  bodyBytes: number;
}

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  objects: Map<string, Buffer>;
  requests: FakeS3Request[];
  /** Multipart uploads started and not yet completed or aborted. */
  openUploads(): number;
  /** Answer every UploadPart with 403 AccessDenied (not retried by the SDK). */
  failParts: boolean;
  close(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const errorXml = (code: string, message: string) => xml(`<Error><Code>${code}</Code><Message>${message}</Message></Error>`);

/** Strips the aws-chunked framing ("<hex>;chunk-signature=...\r\n<data>\r\n") when the client used it. */
function decodeBody(raw: Buffer, headers: http.IncomingHttpHeaders): Buffer {
  const sha = String(headers['x-amz-content-sha256'] ?? '');
  if (!sha.startsWith('STREAMING-') && !String(headers['content-encoding'] ?? '').includes('aws-chunked')) return raw;
  const out: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const eol = raw.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = Number.parseInt(raw.subarray(at, eol).toString().split(';')[0] ?? '0', 16);
    if (!size) break;
    out.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/**
 * A small in-process S3 endpoint (path-style, no signature checks) for tests of the S3 storage:
 * PutObject, the multipart upload calls, GetObject (answered in 64 KB writes), HeadObject and
 * DeleteObject on one bucket.
 */
export async function startFakeS3(bucket = 'erp-test'): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  const requests: FakeS3Request[] = [];
  const fake: FakeS3 = {
    endpoint: '',
    bucket,
    objects,
    requests,
    failParts: false,
    openUploads: () => uploads.size,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const [, b, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const query = Object.fromEntries(url.searchParams);
      const body = decodeBody(Buffer.concat(chunks), req.headers);
      requests.push({ method: req.method ?? '', key, query, bodyBytes: body.length });
      const send = (status: number, text = '', headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/xml', ...headers });
        res.end(text);
      };
      if (b !== bucket) return send(404, errorXml('NoSuchBucket', 'no such bucket'));

      if (req.method === 'POST' && 'uploads' in query) {
        const uploadId = randomUUID();
        uploads.set(uploadId, { key, parts: new Map() });
        return send(
          200,
          xml(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`),
        );
      }
      if (query.uploadId) {
        const upload = uploads.get(query.uploadId);
        if (!upload) return send(404, errorXml('NoSuchUpload', 'no such upload'));
        if (req.method === 'PUT') {
          if (fake.failParts) return send(403, errorXml('AccessDenied', 'parts refused by the test'));
          upload.parts.set(Number(query.partNumber), body);
          return send(200, '', { etag: `"part-${query.partNumber}"` });
        }
        if (req.method === 'POST') {
          const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
          objects.set(key, Buffer.concat(numbers.map((n) => upload.parts.get(n) ?? Buffer.alloc(0))));
          uploads.delete(query.uploadId);
          return send(
            200,
            xml(`<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`),
          );
        }
        if (req.method === 'DELETE') {
          uploads.delete(query.uploadId);
          return send(204);
        }
      }
      if (req.method === 'PUT') {
        objects.set(key, body);
        return send(200, '', { etag: '"object"' });
      }
      const object = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        return send(204);
      }
      if (!object) return req.method === 'HEAD' ? send(404) : send(404, errorXml('NoSuchKey', 'The specified key does not exist.'));
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(object.length), etag: '"object"' });
      if (req.method === 'HEAD') return res.end();
      // Written in pieces, so the reader really consumes a stream.
      for (let at = 0; at < object.length; at += 65536) res.write(object.subarray(at, at + 65536));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
