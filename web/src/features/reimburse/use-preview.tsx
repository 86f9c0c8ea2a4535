import { fileCalls, type SignedLink } from '@erp/contract/modules/file';
import type { ExpenseInvoice } from '@erp/contract/modules/reimburse';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { FilePreview } from '../../components/file-upload';

/** Opens the first file of an invoice in the preview (images and PDF inline, through a short-lived signed link). */
export function usePreview() {
  const [link, setLink] = useState<SignedLink | null>(null);
  const open = async (inv: Pick<ExpenseInvoice, 'files'>) => {
    const first = inv.files[0];
    if (first) setLink(await api(fileCalls.previewFile, { id: first.id }));
  };
  return { open, element: <FilePreview link={link} onClose={() => setLink(null)} /> };
}
