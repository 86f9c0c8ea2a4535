import { type FileEntry, fileCalls } from '@erp/contract/modules/file';
import { failure } from '../../app/api/errors';
import { getToken } from '../../app/session/session-store';

export interface UploadFields {
  fileId?: string;
  moduleName?: string;
  functionName?: string;
}

/**
 * Sends one file with upload progress (fetch has none): multipart `file` plus the group and
 * module fields. Non-200 answers go through the shell's failure rules (toast, 1004 expiry).
 */
export function uploadFile(
  file: File,
  fields: UploadFields,
  onProgress: (percent: number) => void,
  path: string = fileCalls.upload.path,
): { promise: Promise<FileEntry>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<FileEntry>((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
    form.append('file', file, file.name);
    xhr.open('POST', path);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = parseEnvelope(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body?.code === '200' && body.data) resolve(body.data);
      else reject(failure(xhr.status, body?.code, body?.message));
    };
    xhr.onerror = () => reject(failure(0, 'NETWORK', undefined));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

interface Envelope {
  code?: string;
  message?: string;
  data?: FileEntry;
}

function parseEnvelope(text: string): Envelope | null {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return null;
  }
}
