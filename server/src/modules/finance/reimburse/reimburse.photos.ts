import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/db';
import { FileRepository } from '../../file/file.repository';
import { FileService } from '../../file/file.service';
import type { FileStorage } from '../../file/file-storage';
import { invoicePng } from './invoice-image';
import { INVOICE_FILES_MODULE } from './reimburse.routes';

/** The goods or service printed on a demo invoice, by its seller. */
const ITEMS: Array<[RegExp, string]> = [
  [/酒店|宾馆/, '*住宿服务*住宿费'],
  [/航空/, '*运输服务*国内航空旅客运输'],
  [/铁路/, '*运输服务*铁路旅客运输'],
  [/出租/, '*运输服务*出租汽车客运服务'],
  [/餐饮|全聚德|海底捞/, '*餐饮服务*餐费'],
  [/移动|联通|电信/, '*电信服务*通信服务费'],
  [/京东|商城|文具/, '*文具*办公用品'],
];
const itemOf = (seller: string) => ITEMS.find(([re]) => re.test(seller))?.[1] ?? '*现代服务*服务费';

/**
 * The demo's invoices get their photo: a PNG drawn from the invoice's fields (invoice-image.ts),
 * stored through the file service as the owner's upload of the module `reimburse`, so the folder,
 * the claim detail and the approvers' dialog preview it like any uploaded photo. Only invoices
 * without a file are touched (the API never makes one), so a second run adds nothing. About 12 ms
 * an invoice; answers how many got a photo.
 */
export async function attachInvoicePhotos(db: Db, storage: FileStorage): Promise<number> {
  const rows = await queryRows<{
    id: number;
    userId: number;
    kind: string;
    invoiceCode: string | null;
    invoiceNo: string;
    invoiceDate: string;
    seller: string;
    amountExclTax: number;
    tax: number;
    total: number;
    remark: string | null;
    buyer: string | null;
  }>(
    db,
    sql`SELECT i.id, i.user_id AS "userId", i.kind, i.invoice_code AS "invoiceCode", i.invoice_no AS "invoiceNo",
        to_char(i.invoice_date, 'YYYY-MM-DD') AS "invoiceDate", i.seller, i.amount_excl_tax AS "amountExclTax", i.tax, i.total, i.remark,
        (SELECT c.name FROM org_units o JOIN org_units c ON c.type = 'company' AND o.path LIKE c.path || '%'
          WHERE o.id = u.org_id ORDER BY c.depth DESC LIMIT 1) AS buyer
      FROM fin_expense_invoices i JOIN users u ON u.id = i.user_id
      WHERE i.file_group_id IS NULL AND i.deleted_at IS NULL ORDER BY i.id`,
  );
  const files = new FileService(new FileRepository(db), storage);
  for (const r of rows) {
    const png = await invoicePng({
      kind: r.kind,
      invoiceCode: r.invoiceCode,
      invoiceNo: r.invoiceNo,
      invoiceDate: r.invoiceDate,
      seller: r.seller,
      buyer: r.buyer ?? '鼎才人力资源有限公司',
      item: itemOf(r.seller),
      amountExclTax: Number(r.amountExclTax),
      tax: Number(r.tax),
      total: Number(r.total),
      remark: r.remark,
    });
    const [entry] = await files.addGenerated(Number(r.userId), [{ fileName: `发票${r.invoiceNo}.png`, bytes: png }], {
      moduleName: INVOICE_FILES_MODULE,
      functionName: 'invoice',
    });
    await db.execute(sql`UPDATE fin_expense_invoices SET file_group_id = ${entry?.fileId ?? null} WHERE id = ${r.id} AND file_group_id IS NULL`);
  }
  return rows.length;
}
