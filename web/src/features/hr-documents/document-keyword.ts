/** The keyword box of the HR document lists: name, employee number, account or document number. */
export const DOCUMENT_KEYWORD = { label: '姓名 / 工号 / 单号', labelEn: 'Name / employee no. / document no.' };
