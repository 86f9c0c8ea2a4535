/**
 * The fixed routes of spec 000 §2 (see spec/routes.txt). Each names the area that builds it;
 * until a feature registers a screen for the path, a placeholder naming that area is shown.
 */
export type Area = 'shell' | 'base' | 'bpm' | 'hr' | 'msg' | 'recruit' | 'finance' | 'salary' | 'assets' | 'report' | 'help' | 'file';

export const AREA_NAMES: Record<Area, string> = {
  shell: '平台',
  base: '基础数据',
  bpm: '流程审批',
  hr: '人事管理',
  msg: '消息中心',
  recruit: '招聘管理',
  finance: '财务管理',
  salary: '薪酬管理',
  assets: '资产管理',
  report: '报表中心',
  help: '帮助中心',
  file: '文件',
};

export interface FixedRoute {
  path: string;
  title: string;
  area: Area;
  /** Reachable without a token (spec 000 §2: login, entry, ResumePreview). */
  public?: boolean;
  /** Shown without the layout (full page). */
  bare?: boolean;
}

const group = (prefix: string, area: Area, pages: Record<string, string>): FixedRoute[] =>
  Object.entries(pages).map(([child, title]) => ({ path: child ? `${prefix}/${child}` : prefix, title, area }));

export const FIXED_ROUTES: FixedRoute[] = [
  ...group('/WorkBench', 'shell', { index: '工作台', home: '后台首页' }),
  { path: '/WorkBench/lizhi', title: '离职申请', area: 'hr' },
  { path: '/MessageCenter/index', title: '消息中心', area: 'msg' },
  { path: '/Salary/index', title: '我的工资条', area: 'salary' },
  ...group('/OperateCenter', 'salary', {
    salaryComp: '薪资核算',
    calculatPreview: '核算预览',
    salaryMerge: '薪资合并',
    addPayroll: '新增工资表',
    teamMembers: '团队成员',
  }),
  { path: '/PersonInvoiceFolder/index', title: '个人票夹', area: 'finance' },
  ...group('/Reimburse', 'finance', { index: '费用报销', addReimburse: '新增报销', reimburseDetails: '报销详情' }),
  ...group('/Settlement', 'finance', {
    index: '结算开票',
    BillApply: '开票申请',
    BillDetail: '开票详情',
    BillPrint: '开票打印',
    PrintItemBill: '打印项目票据',
    BillBackApply: '退票申请',
  }),
  { path: '/WorkFilling/index', title: '工时填报', area: 'finance' },
  { path: '/RecruitCenter/TalentPool', title: '人才库', area: 'recruit' },
  { path: '/backlog/index', title: '流程中心', area: 'bpm' },
  ...group('/helpCenter', 'help', { recept: '帮助中心', list: '帮助列表', detail: '帮助详情', xiaodeAI: '小德 AI 助手' }),
  { path: '/Initiate/index', title: '我发起的', area: 'bpm' },
  { path: '/staffManagement/index', title: '员工管理', area: 'hr' },
  { path: '/staffDetail/index', title: '员工详情', area: 'hr' },
  ...group('/PersonalCenter', 'hr', {
    FirstPage: '个人中心',
    EditBaseInfo: '基本信息',
    EditWorkExprience: '工作经历',
    EditEducational: '教育经历',
    EditFamilyMember: '家庭成员',
    EditRelation: '社会关系',
    EditReward: '奖励信息',
    EditLanguagePower: '语言能力',
    EditCertificate: '资格证书',
    EditVehicleInfo: '车辆信息',
    EditBankInfo: '银行卡信息',
  }),
  { path: '/CustomBpmn/index', title: '流程设计', area: 'bpm' },
  ...group('/DeleteBill', 'finance', { index: '发票作废', DeleteBillDetails: '作废详情', applyBill: '作废申请' }),
  ...group('/DeleteItemBill', 'finance', { index: '项目发票作废', DeleteBillDetails: '作废详情', applyBill: '作废申请' }),
  { path: '/invoiceVoid/index', title: '发票作废', area: 'finance' },
  { path: '/DeleteRPOBill/index', title: 'RPO 发票作废', area: 'finance' },
  ...group('/ContractSealList', 'hr', {
    index: '合同用印',
    ContractSealListDetails: '用印详情',
    applyContractSealList: '用印申请',
    ContractArchivesDetails: '合同归档详情',
    applyContractArchives: '合同归档申请',
  }),
  ...group('/PerformanceManagement', 'hr', {
    index: '绩效管理',
    PerformanceEvaluationDetails: '绩效评估详情',
    JXDetailsPage: '绩效详情',
    PerformanceEvaluationApply: '绩效评估申请',
  }),
  { path: '/purchaseDemandFront/index', title: '采购需求', area: 'assets' },
  { path: '/publish/index', title: '信息发布', area: 'msg' },
  { path: '/loanApplicat/recept', title: '借款申请', area: 'finance' },
  { path: '/WorkOrderList/index', title: '工单列表', area: 'assets' },
  { path: '/changeDetail', title: '项目变更详情', area: 'finance' },
  { path: '/useApplicat/index', title: '领用申请', area: 'assets' },
  { path: '/issueCertificate/index', title: '开具证明', area: 'hr' },
  ...group('/ItemSettle', 'finance', {
    index: '项目结算',
    AddDocumentSettlement: '新增结算单',
    UpdateDocumentSettlement: '修改结算单',
    PrintItemBill: '打印结算单',
  }),
  ...group('/ItemSettleBill', 'finance', { index: '项目结算开票', PrintItemBill: '打印票据', BillingApply: '开票申请', BillingDetail: '开票详情' }),
  ...group('/RPOSettleBill', 'finance', { index: 'RPO 结算开票', RPOBillingApply: '开票申请', RPOBillingDetail: '开票详情' }),
  ...group('/OtherSettleBill', 'finance', { index: '其他结算开票', OtherBillingApply: '开票申请', OtherBillingDetail: '开票详情' }),
  { path: '/companyBillingInfo/index', title: '公司开票信息', area: 'finance' },
  { path: '/FrontClueSubmit/Index', title: '线索提交', area: 'recruit' },
  { path: '/cardApplicate/recept', title: '名片申请', area: 'assets' },
  { path: '/listenToAdvice/recept', title: '意见反馈', area: 'help' },
  { path: '/filePreviewPage', title: '文件预览', area: 'file' },
  { path: '/DetailsPage', title: '详情', area: 'msg' },
  { path: '/404', title: '404', area: 'shell' },
  { path: '/noPermission', title: '暂无权限', area: 'shell' },
  { path: '/OrganizationChart', title: '组织架构', area: 'base' },
  { path: '/onDutyInfo', title: '在职信息', area: 'hr' },
  { path: '/ResumePreview', title: '简历预览', area: 'recruit', public: true, bare: true },
  { path: '/certificateVerify', title: '证明验证', area: 'hr', public: true, bare: true },
  ...group('/statement', 'report', {
    entrance: '报表中心',
    yyTotal: '运营总表',
    yyInduction: '运营入职统计',
    yyDeparture: '运营离职统计',
    zpInduction: '招聘入职统计',
    recruiterCapacity: '招聘专员产能',
    recruitmentProgress: '招聘进度',
    interviewAccount: '面试台账',
    candidateStatistic: '候选人统计',
    outsideSuppliersRecruitmentStatistic: '外部供应商招聘统计',
  }),
];

/** Bare prefixes and index aliases that redirect to a child (e.g. /WorkBench → /WorkBench/index). */
export const FIXED_REDIRECTS: Record<string, string> = {
  '/': '/WorkBench/index',
  '/WorkBench': '/WorkBench/index',
  '/MessageCenter': '/MessageCenter/index',
  '/PersonalCenter': '/PersonalCenter/FirstPage',
  '/PersonalCenter/index': '/PersonalCenter/FirstPage',
  '/helpCenter': '/helpCenter/recept',
  '/statement': '/statement/entrance',
  '/OperateCenter': '/OperateCenter/salaryComp',
  '/Reimburse': '/Reimburse/index',
  '/Settlement': '/Settlement/index',
  '/ContractSealList': '/ContractSealList/index',
  '/PerformanceManagement': '/PerformanceManagement/index',
  '/DeleteBill': '/DeleteBill/index',
  '/DeleteItemBill': '/DeleteItemBill/index',
  '/ItemSettle': '/ItemSettle/index',
  '/ItemSettleBill': '/ItemSettleBill/index',
  '/RPOSettleBill': '/RPOSettleBill/index',
  '/OtherSettleBill': '/OtherSettleBill/index',
  '/backlog': '/backlog/index',
  '/Initiate': '/Initiate/index',
};

/** Paths reachable without a token (spec 000 §2, §4). */
export const PUBLIC_PATHS = ['/login', '/entry', '/ResumePreview', '/certificateVerify'];
export const isPublicPath = (pathname: string) => PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
