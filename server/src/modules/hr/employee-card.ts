import { SECTION_TITLES } from '@erp/contract';
import type { FastifyReply } from 'fastify';
import type { CallContext } from '../../platform/http/context';
import type { Platform } from '../../platform/platform';
import { attachment, excel, safeRow, XLSX_TYPE } from '../../platform/resource/xlsx-export';
import type { DictionaryService } from '../base/dictionary.service';
import * as employees from './employee.service';
import { sections } from './employee-sections';

type Row = Record<string, unknown>;

/** Labels of the columns of a section sheet (file lists and ids are left out). */
const COLUMN_LABELS: Record<string, string> = {
  school: '学校',
  major: '专业',
  education: '学历',
  degree: '学位',
  startDate: '开始日期',
  endDate: '结束日期',
  fullTime: '全日制',
  company: '单位',
  position: '职位',
  leaveReason: '离职原因',
  witness: '证明人',
  witnessPhone: '证明人电话',
  name: '名称/姓名',
  relation: '关系',
  phone: '电话',
  workUnit: '工作单位',
  birthday: '出生日期',
  language: '语种',
  level: '熟练程度',
  certificate: '证书',
  certificateNo: '证书编号',
  issuer: '颁发机构',
  issueDate: '颁发日期',
  expireDate: '有效期至',
  awardDate: '获奖日期',
  description: '说明',
  plateNo: '车牌号',
  brand: '品牌',
  model: '型号',
  color: '颜色',
  registerDate: '登记日期',
  workCardNo: '工牌号',
  officeLocation: '办公地点',
  seatNo: '工位号',
  computerAssetNo: '电脑资产编号',
  mailAccount: '邮箱账号',
  examDate: '体检日期',
  hospital: '体检机构',
  result: '体检结论',
  remark: '备注',
  bankCode: '银行',
  openBank: '开户行',
  accountName: '户名',
  accountNo: '账号',
  salaryCard: '工资卡',
};

const DICTS: Record<string, string> = {
  education: 'EDUCATION',
  degree: 'DEGREE',
  relation: 'RELATION',
  language: 'LANGUAGE',
  level: 'LANGLEVEL',
  result: 'EXAMRESULT',
  bankCode: 'BANK',
};

type Workbook = InstanceType<Awaited<ReturnType<typeof excel>>['Workbook']>;

async function dictionaryNames(platform: Platform) {
  const dictionaries = platform.services.get('dictionaries') as DictionaryService | undefined;
  const names = new Map<string, Map<string, string>>();
  for (const type of new Set(Object.values(DICTS))) names.set(type, new Map((await dictionaries?.allOptions(type))?.map((o) => [o.code, o.codeName]) ?? []));
  return (key: string, v: unknown): string | number => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'boolean') return v ? '是' : '否';
    const dict = DICTS[key];
    if (dict && typeof v === 'string') return names.get(dict)?.get(v) ?? v;
    return typeof v === 'number' ? v : String(v);
  };
}

/** One employee's card as a sheet of `workbook`, masked as the reader sees the screens; answers the name. */
async function addCardSheet(
  platform: Platform,
  ctx: CallContext,
  workbook: Workbook,
  cell: Awaited<ReturnType<typeof dictionaryNames>>,
  employeeId: number | null | undefined,
  sheetName: (name: string, code: string) => string,
): Promise<string> {
  const db = platform.db;
  const base = await employees.baseInfo(db, ctx.user, employeeId);
  const link = await employees.linkInfo(db, ctx.user, base.id);
  const work = await employees.workersInfo(db, ctx.user, base.id);
  const sheet = workbook.addWorksheet(sheetName(base.name, base.employeeCode));
  sheet.columns = [{ width: 16 }, { width: 24 }, { width: 16 }, { width: 24 }, { width: 16 }, { width: 16 }, { width: 16 }];
  // Every row through safeRow: names, addresses and remarks are the users' text (formula injection).
  const add = (values: Array<string | number>) => sheet.addRow(safeRow(values));
  add([`员工登记表 · ${base.name}（${base.employeeCode}）`]).font = { bold: true, size: 14 };
  const pairs: Array<[string, unknown]> = [
    ['姓名', base.name],
    ['证件号码', base.idNumber],
    ['出生日期', base.birthday],
    ['民族', base.nation],
    ['籍贯', base.nativePlace],
    ['参加工作日期', base.workStartDate],
    ['手机号', link.phone],
    ['邮箱', link.email],
    ['现住址', link.address],
    ['紧急联系人', link.emergencyContact],
    ['部门', work.orgName],
    ['岗位', work.positionName],
    ['职级', work.gradeName],
    ['客户单位', work.clientCompanyName],
    ['入职日期', work.entryDate],
    ['转正日期', work.regularDate],
  ];
  for (let i = 0; i < pairs.length; i += 2) {
    const a = pairs[i] as [string, unknown];
    const b = pairs[i + 1];
    add([a[0], cell('', a[1]), b?.[0] ?? '', cell('', b?.[1])]);
  }
  for (const [name, section] of Object.entries(sections)) {
    const rows = (await section.list(db, ctx.user, base.id)) as Row[];
    add([]);
    add([SECTION_TITLES[name as keyof typeof SECTION_TITLES]]).font = { bold: true };
    if (!rows.length) {
      add(['（无）']);
      continue;
    }
    const keys = Object.keys(rows[0] as Row).filter((k) => k in COLUMN_LABELS);
    add(keys.map((k) => COLUMN_LABELS[k] as string)).font = { bold: true };
    for (const r of rows) add(keys.map((k) => cell(k, r[k])));
  }
  return base.name;
}

const sendBook = async (ctx: CallContext, workbook: Workbook, filename: string) =>
  ctx.reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(filename))
    .header('cache-control', 'no-store')
    .send(Buffer.from(await workbook.xlsx.writeBuffer()));

/**
 * An employee's record card (员工登记表) as one xlsx: the three info blocks, then every section as
 * a table. Built in memory (a few hundred cells), masked as the reader sees the screens.
 */
export async function sendRecordCard(platform: Platform, ctx: CallContext, employeeId: number | null | undefined): Promise<FastifyReply> {
  const ExcelJS = await excel();
  const workbook = new ExcelJS.Workbook();
  const name = await addCardSheet(platform, ctx, workbook, await dictionaryNames(platform), employeeId, () => '员工登记表');
  return sendBook(ctx, workbook, `员工登记表-${name}.xlsx`);
}

/**
 * The cards of the employees chosen on the roster (issue 39), one sheet each named by the person, in
 * one workbook to print. Each is read as its own card is (scope, masking, the read log), so one
 * outside the reader's scope refuses the whole file as it would alone.
 */
export async function sendRecordCards(platform: Platform, ctx: CallContext, ids: number[]): Promise<FastifyReply> {
  const ExcelJS = await excel();
  const workbook = new ExcelJS.Workbook();
  const cell = await dictionaryNames(platform);
  const used = new Set<string>();
  // Sheet names: at most 31 characters, no : \ / ? * [ ], unique in the book.
  const sheetName = (name: string, code: string) => {
    const base = `${name}（${code}）`.replace(/[:\\/?*[\]]/g, '').slice(0, 28);
    let candidate = base;
    for (let i = 2; used.has(candidate); i++) candidate = `${base}-${i}`;
    used.add(candidate);
    return candidate;
  };
  for (const id of [...new Set(ids)]) await addCardSheet(platform, ctx, workbook, cell, id, sheetName);
  return sendBook(ctx, workbook, '员工登记表.xlsx');
}
