import { type FileEntry, fileCalls } from '@erp/contract/modules/file';
import { useQuery } from '@tanstack/react-query';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { FileUpload } from '../file-upload';

/** A date field whose value is the wire's `YYYY-MM-DD` string (antd's picker works on dayjs). */
export function DateField({ value, onChange, ...rest }: { value?: string | null; onChange?: (v: string | null) => void; disabled?: boolean; id?: string }) {
  return <DatePicker style={{ width: '100%' }} value={value ? dayjs(value) : null} onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)} {...rest} />;
}

/**
 * An attachment list whose value is its file group id (what records store): the files are read
 * from the group, uploads go into it, and the field's value becomes the group of the first upload.
 */
export function FileGroupField({
  value,
  onChange,
  disabled,
  readOnly,
  moduleName = 'hr',
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  disabled?: boolean;
  /** Listing, preview and download only. */
  readOnly?: boolean;
  id?: string;
  moduleName?: string;
}) {
  const { data } = useQuery({
    queryKey: ['file', 'group', value],
    queryFn: () => api(fileCalls.fileInfoByFileId, { fileId: value ?? '' }),
    enabled: Boolean(value),
  });
  // After the first change the list is the control's own (uploads queue on it); before, the group's.
  const [local, setLocal] = useState<FileEntry[] | null>(null);
  const files: FileEntry[] = local ?? (value ? (data ?? []) : []);
  return (
    <FileUpload
      value={files}
      fileId={value ?? undefined}
      moduleName={moduleName}
      disabled={disabled}
      readOnly={readOnly}
      onChange={(next) => {
        setLocal(next);
        onChange?.(next[0]?.fileId ?? null);
      }}
    />
  );
}
