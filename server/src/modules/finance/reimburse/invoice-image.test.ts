import { describe, expect, it } from 'vitest';
import { checkUpload } from '../../file/file-checks';
import { type InvoicePicture, invoicePng } from './invoice-image';

const hotel: InvoicePicture = {
  kind: '002',
  invoiceCode: '031002600111',
  invoiceNo: '70012345',
  invoiceDate: '2026-11-20',
  seller: '上海锦江之星酒店管理有限公司',
  buyer: '鼎才人力资源有限公司',
  item: '*住宿服务*住宿费',
  amountExclTax: 600_00,
  tax: 36_00,
  total: 636_00,
  remark: '纸质发票已交财务',
};
const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('invoice photo', () => {
  it('is a PNG the upload checks accept, the same for the same invoice and another for another', async () => {
    const png = await invoicePng(hotel);
    expect(checkUpload({ filename: '发票70012345.png', size: png.length, head: png.subarray(0, 512) }).ok).toBe(true);
    expect(size(png)).toEqual([800, 500]);
    expect(png.length).toBeGreaterThan(20_000);
    expect(png.length).toBeLessThan(200_000);
    expect((await invoicePng(hotel)).equals(png)).toBe(true);
    expect((await invoicePng({ ...hotel, invoiceNo: '70012346' })).equals(png)).toBe(false);
  });

  it('draws every kind: the VAT form, the e-tickets and the narrow taxi receipt', async () => {
    for (const kind of ['001', '003', '004', '006']) expect(size(await invoicePng({ ...hotel, kind, invoiceCode: null }))).toEqual([800, 500]);
    const taxi = await invoicePng({ ...hotel, kind: '005', seller: '上海强生出租汽车有限公司', amountExclTax: 35_00, tax: 0, total: 35_00 });
    expect(size(taxi)).toEqual([380, 560]);
  });
});
