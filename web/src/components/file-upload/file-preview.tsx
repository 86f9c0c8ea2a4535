import type { SignedLink } from '@erp/contract/modules/file';
import { Modal } from 'antd';
import { lazy, Suspense } from 'react';

const PdfPages = lazy(() => import('./pdf-pages').then((m) => ({ default: m.PdfPages })));

/** Shows an image or a PDF (drawn by pdf.js) from a short-lived signed link (no token in the URL bar). */
export function FilePreview({ link, onClose }: { link: SignedLink | null; onClose: () => void }) {
  const isPdf = link?.fileSuffix === 'pdf';
  return (
    <Modal open={!!link} title={link?.fileName} footer={null} onCancel={onClose} width={isPdf ? '80%' : 720} destroyOnHidden centered>
      {link && isPdf && (
        <Suspense fallback={null}>
          <PdfPages url={link.url} fileName={link.fileName} />
        </Suspense>
      )}
      {link && !isPdf && <img alt={link.fileName} src={link.url} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />}
    </Modal>
  );
}
