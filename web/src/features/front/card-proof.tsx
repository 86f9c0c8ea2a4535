import type { CardFace } from '@erp/contract/modules/card';

/** The card at print size (90 × 54 mm), as the printer gets it. */
export function CardProof({ face }: { face: CardFace }) {
  return (
    <div
      data-testid="card-proof"
      className="card-proof"
      style={{
        width: '90mm',
        height: '54mm',
        boxSizing: 'border-box',
        padding: '6mm 7mm',
        border: '1px solid #ddd',
        borderRadius: 4,
        background: '#fff',
        boxShadow: '0 2px 8px rgba(0,0,0,.08)',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        fontSize: '9pt',
        color: '#222',
      }}
    >
      <div style={{ color: '#1f4e9c', fontWeight: 600 }}>{face.companyName}</div>
      <div>
        <div style={{ fontSize: '15pt', fontWeight: 600 }}>
          {face.name} <span style={{ fontSize: '9pt', fontWeight: 400 }}>{face.englishName}</span>
        </div>
        <div>
          {face.deptName} · {face.positionName}
        </div>
      </div>
      <div style={{ lineHeight: 1.5 }}>
        <div>手机：{face.mobile}</div>
        <div>邮箱：{face.email}</div>
        {face.address && <div>地址：{face.address}</div>}
      </div>
    </div>
  );
}
