import { certificateCalls, type ProveDetail } from '@erp/contract/modules/certificate';
import { Button, Modal, QRCode } from 'antd';
import { download } from '../../app/api/client';
import { fenText } from '../assets/shared';
import { CompanySeal } from './company-seal';

const cn = (iso: string | null) => (iso ? `${iso.slice(0, 4)}年${Number(iso.slice(5, 7))}月${Number(iso.slice(8, 10))}日` : '');

/** The issued certificate, print-ready, with its seal and verification code; the PDF is made on the server. */
export function CertificateView({ detail, onClose }: { detail: ProveDetail | null; onClose(): void }) {
  const c = detail?.content;
  const verifyUrl = c ? `${window.location.origin}${window.location.pathname}#/certificateVerify?code=${encodeURIComponent(c.verifyCode)}` : '';
  const income = detail?.certType === '002';
  return (
    <Modal
      open={!!detail}
      onCancel={onClose}
      width={760}
      title={income ? '收入证明' : '在职证明'}
      footer={[
        <Button key="print" type="primary" onClick={() => window.print()}>
          打印
        </Button>,
        <Button
          key="pdf"
          disabled={!detail?.content}
          onClick={() => detail && void download(certificateCalls.provePdf, { id: detail.id }, `${income ? '收入证明' : '在职证明'}-${detail.documentNo}.pdf`)}
        >
          下载 PDF
        </Button>,
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
      ]}
      destroyOnHidden
    >
      {c && (
        <div className="certificate-paper" data-testid="certificate" style={{ padding: '32px 48px', fontSize: 16, lineHeight: 2.2, position: 'relative' }}>
          <h2 style={{ textAlign: 'center', letterSpacing: 12 }}>{income ? '收入证明' : '在职证明'}</h2>
          <p style={{ textIndent: '2em' }}>
            兹证明 <b>{c.name}</b>（身份证号：{c.idNoMasked || '—'}）自 {cn(c.entryDate)} 起在我公司工作，现任 {c.orgName} {c.positionName}
            {income ? `，其近一年税前收入为人民币 ${fenText(c.annualIncome)} 元` : ''}。
          </p>
          <p style={{ textIndent: '2em' }}>
            特此证明。本证明仅用于“{detail?.purpose}”，有效期至 {cn(c.validUntil)}。
          </p>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', marginTop: 32 }}>
            <div style={{ fontSize: 12, lineHeight: 1.6 }}>
              <QRCode value={verifyUrl} size={96} bordered={false} />
              <div>证明编号：{detail?.documentNo}</div>
              <div>
                验证码：<b data-testid="verify-code">{c.verifyCode}</b>
              </div>
              <div>扫码或在“证明验证”页面输入验证码核验真伪</div>
            </div>
            <div style={{ textAlign: 'center', position: 'relative' }}>
              <div style={{ position: 'absolute', right: 10, top: -70 }}>
                <CompanySeal name={c.companyName} />
              </div>
              <div>{c.companyName}</div>
              <div>{cn(c.issuedAt.slice(0, 10))}</div>
            </div>
          </div>
        </div>
      )}
    </Modal>
  );
}
