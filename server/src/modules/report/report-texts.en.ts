import type { DrillResult, ReportCard, ReportResult, ReportRow } from '@erp/contract';

/**
 * English labels of the report centre's own texts (titles, descriptions, dimensions, columns, charts),
 * keyed by the Chinese text the report definitions carry. Data (organisation names, dictionary values,
 * people) stays as recorded. report-texts.en.test.ts checks that every text of every definition has one.
 */
export const REPORT_EN: Record<string, string> = {
  // Reports
  运营总表: 'Head count overview',
  运营入职统计: 'Entries',
  运营离职统计: 'Departures',
  招聘入职统计: 'Hires from recruitment',
  招聘专员产能: 'Recruiter capacity',
  招聘进度: 'Recruitment progress',
  面试台账: 'Interview register',
  候选人统计: 'Candidate statistics',
  外部供应商招聘统计: 'External supplier recruitment',
  // Descriptions
  '在职人数：每月月末（本月为今天）在册的员工，按组织、人员类别、客户单位；期末 = 期初 + 入职 − 离职。':
    'Head count: employees on the roster at each month end (today for the current month), by organisation, person category and client; closing = opening + entries − departures.',
  '入职人数：入职日期在期间内的员工；入职率 = 入职人数 ÷ 平均人数（期初与期末的平均）。':
    'Entries: employees whose entry date falls in the period; entry rate = entries ÷ average head count (mean of opening and closing).',
  '离职人数：最后工作日在期间内的员工；离职率 = 离职人数 ÷ 平均人数（期初与期末的平均）。':
    'Departures: employees whose last working day falls in the period; turnover rate = departures ÷ average head count (mean of opening and closing).',
  '招聘入职：经招聘录用并交接入职的人（录用确认入职，按入职日期），按渠道、月份、招聘专员、组织。':
    'Hires from recruitment: people hired through recruitment and handed over to onboarding (confirmed, by entry date), by channel, month, recruiter and organisation.',
  '每位招聘专员在期间内：新建需求、新增候选人、面试（不含取消）、提交的Offer、招聘入职。':
    'Per recruiter in the period: demands created, candidates added, interviews (cancelled ones excluded), offers submitted, hires.',
  '期间内进行中的需求（期末仍在招聘或暂停，或期间内新建；已取消的除外）：需求人数、候选人、面试、Offer、已入职与完成率。':
    'Demands open in the period (still recruiting or paused at its end, or created in it; cancelled ones excluded): head count, candidates, interviews, offers, hires and completion rate.',
  '期间内开始的面试（按面试时间）：安排、通过、未通过、取消，通过率 = 通过 ÷（通过 + 未通过）。':
    'Interviews held in the period (by interview time): scheduled, passed, failed, cancelled; pass rate = passed ÷ (passed + failed).',
  '期间内进入招聘流程的候选人（按加入日期），及其到达的最远阶段：初筛、面试、Offer、入职，淘汰与放弃按当前阶段。':
    'Candidates who entered the recruitment process in the period (by date added) and the furthest stage they reached: screening, interview, offer, hire; rejections and withdrawals by current stage.',
  '外部供应商（猎头、RPO、劳务）推荐的人才在期间内进入招聘流程的候选人，及其面试、Offer、入职结果。':
    'Candidates recommended by external suppliers (headhunters, RPO, labour agencies) who entered the process in the period, with their interview, offer and hire results.',
  // Dimensions, columns, charts, rows
  月份: 'Month',
  组织: 'Organisation',
  部门: 'Department',
  人员类别: 'Person category',
  客户单位: 'Client',
  渠道: 'Channel',
  招聘专员: 'Recruiter',
  供应商: 'Supplier',
  需求类型: 'Demand type',
  面试官: 'Interviewer',
  面试轮次: 'Interview round',
  合计: 'Total',
  未填写: 'Not given',
  '本公司（非派遣）': 'Our company (not dispatched)',
  '派遣/外包': 'Dispatched/outsourced',
  自有员工: 'Own staff',
  期初人数: 'Opening head count',
  期末人数: 'Closing head count',
  月末在职人数: 'Head count at month end',
  平均人数: 'Average head count',
  净增人数: 'Net change',
  入职: 'Entries',
  入职人数: 'Entries',
  入职率: 'Entry rate',
  '入职率（%）': 'Entry rate (%)',
  离职人数: 'Departures',
  离职率: 'Turnover rate',
  '离职率（%）': 'Turnover rate (%)',
  期初与期末人数: 'Opening and closing head count',
  期末人数构成: 'Closing head count by group',
  入职与离职: 'Entries and departures',
  每月入职人数: 'Entries per month',
  每月离职人数: 'Departures per month',
  入职人数构成: 'Entries by group',
  离职人数构成: 'Departures by group',
  每月招聘入职: 'Hires per month',
  招聘入职构成: 'Hires by group',
  需求数: 'Demands',
  新增候选人: 'Candidates added',
  面试: 'Interviews',
  面试场次: 'Interviews held',
  面试场次构成: 'Interviews by group',
  已发Offer: 'Offers sent',
  Offer已发: 'Offer sent',
  已入职: 'Hired',
  产能: 'Capacity',
  入职与候选人: 'Hires and candidates',
  需求名称: 'Demand',
  需求编号: 'Demand no.',
  需求人数: 'Head count wanted',
  候选人: 'Candidates',
  完成率: 'Completion rate',
  缺口: 'Gap',
  截止日期: 'Deadline',
  需求人数与已入职: 'Wanted and hired',
  招聘需求: 'Recruitment demand',
  通过: 'Passed',
  未通过: 'Failed',
  已取消: 'Cancelled',
  待面试: 'To be interviewed',
  通过率: 'Pass rate',
  轮次: 'Round',
  面试时间: 'Interview time',
  结果: 'Result',
  评分: 'Score',
  初筛通过: 'Passed screening',
  初筛通过率: 'Screening pass rate',
  进入面试: 'Reached interview',
  入职转化率: 'Hire conversion',
  淘汰: 'Rejected',
  放弃: 'Withdrew',
  每月候选人: 'Candidates per month',
  候选人构成: 'Candidates by group',
  候选人推进: 'Candidate progress',
  阶段推进: 'Stage progress',
  当前阶段: 'Current stage',
  推荐人数: 'Recommended',
  推荐人数构成: 'Recommended by group',
  供应商推荐与结果: 'Supplier recommendations and results',
  已面试: 'Interviewed',
  已转入职: 'Handed to onboarding',
  待入职办理: 'Onboarding pending',
  预计入职: 'Expected entry',
  录用阶段: 'Hiring stage',
  // Drill columns
  姓名: 'Name',
  工号: 'Employee no.',
  岗位: 'Position',
  类型: 'Type',
  状态: 'State',
  入职日期: 'Entry date',
  最后工作日: 'Last working day',
  交接状态: 'Handover state',
  入职单位: 'Entry organisation',
  加入日期: 'Date added',
  创建日期: 'Created',
  Offer编号: 'Offer no.',
};

const en = (text: string) => REPORT_EN[text] ?? text;
const row = (r: ReportRow): ReportRow => ({ ...r, label: en(r.label) });

/** A report's answer with its own texts in English (figures, keys and data labels unchanged). */
export function reportInEnglish(r: ReportResult): ReportResult {
  return {
    ...r,
    title: en(r.title),
    description: en(r.description),
    groupTitle: en(r.groupTitle),
    groups: r.groups.map((g) => ({ ...g, title: en(g.title) })),
    columns: r.columns.map((c) => ({ ...c, title: en(c.title) })),
    rows: r.rows.map(row),
    total: row(r.total),
    charts: r.charts.map((c) => ({ ...c, title: en(c.title) })),
  };
}

export function cardInEnglish(c: ReportCard): ReportCard {
  return { ...c, title: en(c.title), description: en(c.description) };
}

export function drillInEnglish<D extends Pick<DrillResult, 'title' | 'columns'>>(d: D): D {
  return { ...d, title: en(d.title), columns: d.columns.map((c) => ({ ...c, title: en(c.title) })) };
}
