import { CLAIM_STATES, EXPENSE_CATEGORIES, INVOICE_KINDS, INVOICE_STATES } from '@erp/contract/modules/reimburse';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './reimburse-texts';

type Labels = Record<string, { zh: string; en: string; color?: string }>;

const INVOICE_STATE_COLOR: Record<string, string> = { '001': 'default', '002': 'processing', '003': 'success' };
const CLAIM_COLOR: Record<string, string> = { default: 'default', blue: 'processing', orange: 'warning', green: 'success', red: 'error' };

/** The screens' labels of the reimbursement vocabularies, in the chosen language (the dictionaries hold only Chinese). */
export function useReimburseLabels() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  const label = (map: Labels, code: string | null | undefined) => (code ? ((en ? map[code]?.en : map[code]?.zh) ?? code) : '');
  const options = (map: Labels) => Object.keys(map).map((value) => ({ value, label: label(map, value) }));
  return {
    t,
    en,
    kind: (c: string | null | undefined) => label(INVOICE_KINDS, c),
    category: (c: string | null | undefined) => label(EXPENSE_CATEGORIES, c),
    kindOptions: options(INVOICE_KINDS),
    categoryOptions: options(EXPENSE_CATEGORIES),
    invoiceStateOptions: options(INVOICE_STATES),
    claimStateOptions: options(CLAIM_STATES),
    invoiceState: (c: string) => <Tag color={INVOICE_STATE_COLOR[c] ?? 'default'}>{label(INVOICE_STATES, c)}</Tag>,
    claimState: (c: string) => <Tag color={CLAIM_COLOR[CLAIM_STATES[c]?.color ?? 'default'] ?? 'default'}>{label(CLAIM_STATES, c)}</Tag>,
  };
}
