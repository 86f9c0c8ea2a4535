import { EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { type FileEntry, fileCalls, type SignedLink } from '@erp/contract/modules/file';
import { App, Button, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { api, download } from '../../app/api/client';
import { FilePreview } from './file-preview';
import { uploadFile } from './upload-request';
import { checkSelection, DEFAULT_MAX_FILES, previewsInline, UPLOAD_TEXT } from './upload-rules';

export interface FileUploadProps {
  /** The stored files (controlled; use as a Form.Item child). */
  value?: FileEntry[];
  onChange?: (files: FileEntry[]) => void;
  /** Default 10 (spec 000 §5). */
  maxCount?: number;
  /** Allowed extensions without the dot; default every type of spec 000 §5. */
  accept?: readonly string[];
  /** Supplement upload: the count message becomes "最多还可补传N个文件！". */
  supplement?: boolean;
  /** Group to add the files to; defaults to the group of the first file in `value`. */
  fileId?: string;
  moduleName?: string;
  functionName?: string;
  disabled?: boolean;
  /** Listing, preview and download only. */
  readOnly?: boolean;
  /** Soft-delete on the server when a file is removed (default true). */
  deleteOnServer?: boolean;
  buttonText?: string;
  /** Another upload call with the same multipart shape (e.g. the message attachment upload). */
  uploadPath?: string;
}

interface Pending {
  uid: string;
  name: string;
  percent: number;
  abort: () => void;
}

const toUploadFile = (f: FileEntry, uid = String(f.id)): UploadFile => ({ uid, name: f.fileName, status: 'done', size: f.fileSize, response: f });

/**
 * The upload control every form uses: checks type, size and count before sending (spec 000 §5),
 * uploads one file at a time with a progress bar, lists, previews (images and PDF inline),
 * downloads and deletes (after "确认删除？").
 */
export function FileUpload({
  value = [],
  onChange,
  maxCount = DEFAULT_MAX_FILES,
  accept,
  supplement,
  fileId,
  moduleName,
  functionName,
  disabled,
  readOnly,
  deleteOnServer = true,
  buttonText = '上传文件',
  uploadPath,
}: FileUploadProps) {
  const { message, modal } = App.useApp();
  const [pending, setPending] = useState<Pending[]>([]);
  const [preview, setPreview] = useState<SignedLink | null>(null);
  // Uploads finish one after another; each must see the files the previous ones added.
  const current = useRef(value);
  current.current = value;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const batch = useRef<{ first: string; accepted: Set<File> } | null>(null);
  const enqueued = useRef(new WeakSet<File>());
  /**
   * A finished upload keeps the row key it had while pending. antd animates a row whose key leaves
   * the list and keeps it on screen (still "uploading") until the transition ends or 2 s pass; with a
   * stable key the row turns from uploading to done in place and is never listed twice.
   */
  const rowKeys = useRef(new Map<number, string>());

  const enqueue = (file: File) => {
    const uid = `pending-${Math.random().toString(36).slice(2)}`;
    // Removing a queued file before its turn cancels it; removing a running one aborts the request.
    let cancelled = false;
    let abort: () => void = () => {};
    const cancel = () => {
      cancelled = true;
      abort();
      setPending((p) => p.filter((x) => x.uid !== uid));
    };
    setPending((p) => [...p, { uid, name: file.name, percent: 0, abort: cancel }]);
    queue.current = queue.current.then(async () => {
      if (cancelled) return;
      const group = fileId ?? current.current[0]?.fileId;
      const req = uploadFile(
        file,
        { fileId: group, moduleName, functionName },
        (percent) => setPending((p) => p.map((x) => (x.uid === uid ? { ...x, percent } : x))),
        uploadPath,
      );
      abort = req.abort;
      const settle = () => setPending((p) => p.filter((x) => x.uid !== uid));
      try {
        const entry = await req.promise;
        rowKeys.current.set(entry.id, uid);
        // The row leaves the pending list before the file joins the value: a form's store re-renders
        // at once, and for that moment the file would otherwise be listed twice.
        settle();
        current.current = [...current.current, entry];
        onChange?.(current.current);
        message.success(UPLOAD_TEXT.uploaded);
      } catch {
        // The failure was already shown (server message toast, or cancelled by the user). When the
        // server holds the list (deletes go to the server), reload it (spec 000 §8); a failed reload is ignored.
        if (group && deleteOnServer && !cancelled) {
          const fresh = await api(fileCalls.fileInfoByFileId, { fileId: group }, { silent: true }).catch(() => null);
          if (fresh) {
            current.current = fresh;
            onChange?.(fresh);
          }
        }
      } finally {
        settle();
      }
    });
  };

  const beforeUpload = (file: File & { uid: string }, selection: Array<File & { uid: string }>) => {
    // antd calls this once per selected file with the whole selection: judge the selection once.
    if (batch.current?.first !== selection[0]?.uid) {
      const check = checkSelection(selection, { existing: current.current.length + pending.length, maxCount, accept, supplement });
      for (const w of check.warnings) message.warning(w);
      batch.current = { first: selection[0]?.uid ?? '', accepted: new Set(check.accepted) };
    }
    // The same selected file can reach this hook more than once: it is uploaded once.
    if (batch.current?.accepted.has(file) && !enqueued.current.has(file)) {
      enqueued.current.add(file);
      enqueue(file);
    }
    return Upload.LIST_IGNORE;
  };

  const remove = (item: UploadFile): false => {
    const p = item.status === 'uploading' ? pending.find((x) => x.uid === item.uid) : undefined;
    if (p) {
      p.abort();
      return false;
    }
    const entry = item.response as FileEntry;
    modal.confirm({
      title: UPLOAD_TEXT.confirmDelete,
      onOk: async () => {
        if (deleteOnServer) await api(fileCalls.deleteProFile, { id: entry.id });
        current.current = current.current.filter((f) => f.id !== entry.id);
        onChange?.(current.current);
      },
    });
    return false;
  };

  const open = async (item: UploadFile) => {
    const entry = item.response as FileEntry | undefined;
    if (!entry) return;
    if (!previewsInline(entry.fileSuffix)) {
      await download(fileCalls.downLoadById, { id: entry.id }, entry.fileName);
      return;
    }
    setPreview(await api(fileCalls.previewFile, { id: entry.id }));
  };

  const stored = value.map((f) => toUploadFile(f, rowKeys.current.get(f.id)));
  const listed = new Set(stored.map((f) => f.uid));
  const fileList: UploadFile[] = [
    ...stored,
    // A row whose file is already in the value (same key) is not listed again, whatever the render order.
    ...pending.filter((p) => !listed.has(p.uid)).map((p): UploadFile => ({ uid: p.uid, name: p.name, status: 'uploading', percent: p.percent })),
  ];
  const acceptAttr = accept ? accept.map((s) => `.${s.replace(/^\./, '')}`).join(',') : undefined;

  return (
    <>
      <Upload
        multiple={maxCount > 1}
        accept={acceptAttr}
        fileList={fileList}
        beforeUpload={beforeUpload}
        onRemove={readOnly || disabled ? () => false : remove}
        onPreview={open}
        onDownload={(item) => {
          const entry = item.response as FileEntry | undefined;
          if (entry) void download(fileCalls.downLoadById, { id: entry.id }, entry.fileName);
        }}
        showUploadList={{ showRemoveIcon: !readOnly && !disabled, showDownloadIcon: true, showPreviewIcon: true }}
        // A text list has no preview action of its own: each stored file gets an eye button beside its row.
        // The row keeps one structure while it uploads and once done, so React keeps its element
        // (a finished upload turns done in place instead of appearing as a new row).
        itemRender={(row, item) => (
          <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            <div style={{ flex: 1, minWidth: 0 }}>{row}</div>
            {item.status === 'done' && (
              <Button
                type="text"
                size="small"
                icon={<EyeOutlined aria-hidden />}
                aria-label={`${UPLOAD_TEXT.preview} ${item.name}`}
                title={UPLOAD_TEXT.preview}
                onClick={() => void open(item)}
                data-testid="file-preview"
                style={{ minWidth: 32, minHeight: 32 }}
              />
            )}
          </div>
        )}
        disabled={disabled}
        openFileDialogOnClick={!readOnly}
      >
        {!readOnly && (
          <Button icon={<UploadOutlined />} disabled={disabled || value.length + pending.length >= maxCount}>
            {buttonText}
          </Button>
        )}
      </Upload>
      <FilePreview link={preview} onClose={() => setPreview(null)} />
    </>
  );
}

export default FileUpload;
