import { financeBillingCalls as BC } from '@erp/contract/modules/finance-billing';
import { formatFen } from '@erp/contract/money';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Space, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { api, download } from '../../app/api/client';
import { monthText } from '../finance/money';
import './bill-print.css';

const TYPE_TITLE: Record<string, string> = { '001': '项目结算单', '002': 'RPO结算单', '003': '其他结算单' };

/**
 * 开票打印 (/Settlement/BillPrint?id=): the bill as a finance office files it — A4, our company's
 * header, the lines, totals in figures and in Chinese capitals, signatures and page numbers. The
 * print stylesheet (bill-print.css) hides the shell and repeats the table header on every page.
 */
export default function BillPrintScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const q = useQuery({ queryKey: ['billing', 'print', id], queryFn: () => api(BC.getBillInfo, { id: id as number }), enabled: Boolean(id) });
  if (!id) return <Empty description="缺少结算单" />;
  if (q.isLoading) return <Spin />;
  const d = q.data;
  if (!d) return <Alert type="error" title="结算单不存在或无权查看" />;
  return (
    <div className="bill-print-page">
      <Space className="bill-print-toolbar">
        <Button type="primary" onClick={() => window.print()}>
          打印
        </Button>
        <Button onClick={() => void download(BC.billPdf, { id: d.id }, `结算单-${d.billNo ?? d.id}.pdf`)}>下载 PDF</Button>
      </Space>
      <article className="bill-print" aria-label="结算单打印">
        <header>
          <h1>{d.settleOrgName}</h1>
          <h2>{TYPE_TITLE[d.billType] ?? '结算单'}</h2>
          <div className="bill-print-meta">
            <span>单号：{d.billNo ?? '—'}</span>
            <span>结算月份：{monthText(d.month)}</span>
            <span>税率：{d.taxRateBp / 100}%</span>
          </div>
          <div className="bill-print-meta">
            <span>甲方（客户）：{d.clientName}</span>
            <span>项目：{d.projectName}</span>
          </div>
        </header>
        <table>
          <thead>
            <tr>
              <th>序号</th>
              <th>人员</th>
              <th>结算内容</th>
              <th>数量</th>
              <th>单价（元）</th>
              <th>不含税金额</th>
              <th>税额</th>
              <th>含税金额</th>
            </tr>
          </thead>
          <tbody>
            {d.lines.map((l) => (
              <tr key={l.id}>
                <td>{l.lineNo}</td>
                <td>{l.personName}</td>
                <td>{l.description}</td>
                <td className="num">{(l.quantityX100 / 100).toFixed(2)}</td>
                <td className="num">{formatFen(l.unitPrice)}</td>
                <td className="num">{formatFen(l.amountExcl)}</td>
                <td className="num">{formatFen(l.taxAmount)}</td>
                <td className="num">{formatFen(l.amountIncl)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={5}>合计</td>
              <td className="num">{formatFen(d.amountExcl)}</td>
              <td className="num">{formatFen(d.taxAmount)}</td>
              <td className="num" data-testid="print-total">
                {formatFen(d.amountIncl)}
              </td>
            </tr>
            <tr>
              <td colSpan={8} data-testid="print-words">
                含税合计（大写）：{d.amountInWords}
              </td>
            </tr>
          </tfoot>
        </table>
        <footer>
          <div className="bill-print-signs">
            <span>制单：</span>
            <span>项目经理：</span>
            <span>财务审核：</span>
            <span>甲方确认（盖章）：</span>
          </div>
          {d.serialNumber && <p>电子签章流水号：{d.serialNumber}</p>}
        </footer>
      </article>
    </div>
  );
}
