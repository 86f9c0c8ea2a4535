import type { SignedLink } from '@erp/contract/modules/file';
import { Modal } from 'antd';

/** Shows an image or a PDF from a short-lived signed link (no token in the URL bar or the iframe). */
export function FilePreview({ link, onClose }: { link: SignedLink | null; onClose: () => void }) {
  const isPdf = link?.fileSuffix === 'pdf';
  return (
    <Modal open={!!link} title={link?.fileName} footer={null} onCancel={onClose} width={isPdf ? '80%' : 720} destroyOnHidden centered>
      {link && isPdf && <iframe title={link.fileName} src={link.url} style={{ width: '100%', height: '75vh', border: 0 }} />}
      {link && !isPdf && <img alt={link.fileName} src={link.url} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />}
    </Modal>
  );
}
