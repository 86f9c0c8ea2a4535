import { z } from 'zod';
import { id, isoDate, isoDateTime, optionalText, pageOf } from '../common';
import { defineCall } from '../define';
import { checkUntypedIdNumber } from '../identity';
import { defineResourceMeta, exportRequest, pageRequest, ZIdRequest } from '../resource';

/**
 * Recruitment (spec 001 "Recruitment", /recruit_api/recruit): demands, the talent pool, candidates in
 * a demand's pipeline, interviews, offers (a document on the kernel), employment and RPO.
 * The model: docs/domain/recruitment.md.
 */

export const RECRUIT_PERM = {
  demandList: 'recruit:demand:list',
  demandEdit: 'recruit:demand:edit',
  talentList: 'recruit:talent:list',
  talentEdit: 'recruit:talent:edit',
  candidateList: 'recruit:candidate:list',
  candidateEdit: 'recruit:candidate:edit',
  interviewEdit: 'recruit:interview:edit',
  offerList: 'recruit:offer:list',
  offerEdit: 'recruit:offer:edit',
  employList: 'recruit:employ:list',
  employEdit: 'recruit:employ:edit',
  salary: 'recruit:salary',
  rpoList: 'recruit:rpo:list',
  rpoEdit: 'recruit:rpo:edit',
  funnel: 'recruit:funnel',
} as const;

export const RECRUIT_OFFER_PROCESS_KEY = 'RecruitOffer_Process';

/** Candidate stages (CANDIDATESTAGE), in pipeline order; 090/095 close a candidate. */
export const CANDIDATE_STAGES = ['010', '020', '030', '040', '050', '060', '070', '080'] as const;
export const CLOSED_STAGES = ['080', '090', '095'] as const;
export const STAGE_NAMES: Record<string, string> = {
  '010': '新候选人',
  '020': '初筛通过',
  '030': '面试中',
  '040': '面试通过',
  '050': 'Offer审批',
  '060': 'Offer已发',
  '070': '待入职',
  '080': '已入职',
  '090': '淘汰',
  '095': '放弃',
};
/** Employment stages (EMPLOYSTAGE) of a passed offer. */
export const EMPLOY_STAGE_NAMES: Record<string, string> = {
  '001': '待发Offer',
  '002': '已发Offer',
  '003': '已接受',
  '004': '背调体检',
  '005': '待入职',
  '006': '已入职',
  '007': '未入职',
  '008': '已取消',
};

/** Product texts of recruitment (zh-CN). */
export const RECRUIT_MSG = {
  stageNotNext: (from: string, to: string) => `候选人不能从「${STAGE_NAMES[from] ?? from}」移到「${STAGE_NAMES[to] ?? to}」`,
  stageChanged: '候选人的阶段已被他人修改，请刷新后重试',
  reasonRequired: '请填写原因',
  interviewPast: '面试时间不能早于当前时间',
  interviewOrder: '面试结束时间必须晚于开始时间',
  interviewTooLong: '一场面试不能超过8小时',
  interviewerBusy: '面试官该时段已有面试',
  placeBusy: '面试地点该时段已被占用',
  interviewerMissing: '面试官不存在或已停用',
  placeMissing: '面试地点不存在或已停用',
  placeTaken: '面试地点名称已存在',
  salaryRequired: '请填写月薪',
  probationSalary: '试用期月薪不能高于月薪',
  entryPast: '入职日期不能早于今天',
  noPassedInterview: '候选人还没有通过的面试',
  offerMissing: '请先保存Offer建议',
  offerOpen: 'Offer正在审批中',
  sendConfirm: (n: number) => `该Offer已发送过${n}次，再次发送请确认`,
  noEmail: '候选人没有邮箱，无法发送Offer',
  employStage: (from: string, action: string) => `录用处于「${EMPLOY_STAGE_NAMES[from] ?? from}」，不能${action}`,
  linkExpired: '链接已失效，请联系招聘专员重新发送',
  duplicate: '存在手机号、邮箱或证件号相同的人员，请确认后再保存',
  alreadyInDemand: '该人才已在此需求中',
  demandClosed: '需求已结束，不能再添加候选人',
  demandHasCandidates: '需求下还有进行中的候选人，不能删除',
  demandNameTaken: '需求名称已存在',
  resumeType: '简历只支持 PDF 或 DOCX 文件',
  resumeUnreadable: '无法读取简历内容，请确认文件未加密且未损坏',
  resumeMissing: '简历不存在',
  periodTooLong: '统计区间不能超过366天',
  headcount: '需求岗位至少需要一个',
} as const;

const yuan = () => z.coerce.number().min(0).max(100_000_000).multipleOf(0.01);
const optionalYuan = () => yuan().optional().nullable();
const keyword = () => z.string().trim().max(64).optional();
const optionalId = () => id().optional().nullable();
const stageCode = () => z.enum(['010', '020', '030', '040', '050', '060', '070', '080', '090', '095']);
const phone = () =>
  z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '手机号格式不正确')
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null));
const email = () =>
  z
    .string()
    .trim()
    .email('邮箱格式不正确')
    .max(128)
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null));
const tagList = () => z.array(z.string().trim().min(1).max(32)).max(30).optional();
const okData = z.null();

// ---- Demands -------------------------------------------------------------------------------------

export const ZDemandPost = z.object({
  id: z.number().int(),
  demandId: z.number().int(),
  positionId: z.number().int().nullable(),
  postName: z.string(),
  headcount: z.number().int(),
  hired: z.number().int(),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  requirement: z.string().nullable(),
});
export type DemandPost = z.output<typeof ZDemandPost>;

export const ZDemandRecord = z.object({
  id: z.number().int(),
  demandNo: z.string(),
  name: z.string(),
  kind: z.string(),
  clientCompanyId: z.number().int().nullable(),
  clientCompanyName: z.string().nullable(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  recruiterUserId: z.number().int().nullable(),
  recruiterName: z.string().nullable(),
  city: z.string().nullable(),
  education: z.string().nullable(),
  yearsMin: z.number().int().nullable(),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  deadline: z.string().nullable(),
  status: z.string(),
  headcount: z.number().int(),
  hired: z.number().int(),
  candidates: z.number().int(),
  description: z.string().nullable(),
  opportunityId: z.number().int().nullable(),
  createdAt: isoDateTime(),
});
export type DemandRecord = z.output<typeof ZDemandRecord>;
export const demandMeta = defineResourceMeta(ZDemandRecord, {
  name: 'recruitDemand',
  title: '招聘需求',
  titleEn: 'Demands',
  rowKey: 'id',
  fields: {
    demandNo: { label: '需求编号', labelEn: 'No.', filter: 'like', sortable: true, hideInForm: true, width: 150 },
    name: { label: '需求名称', labelEn: 'Name', filter: 'like', sortable: true, required: true, width: 180 },
    kind: { label: '需求类型', labelEn: 'Kind', valueType: 'dict', dict: 'RECRUITKIND', filter: 'eq', width: 100 },
    clientCompanyName: { label: '客户单位', labelEn: 'Client', width: 160 },
    orgName: { label: '需求部门', labelEn: 'Unit', width: 140 },
    recruiterName: { label: '招聘负责人', labelEn: 'Recruiter', width: 110 },
    city: { label: '工作城市', labelEn: 'City', filter: 'like', width: 100 },
    headcount: { label: '需求人数', labelEn: 'Headcount', valueType: 'number', sortable: true, width: 90 },
    hired: { label: '已入职', labelEn: 'Hired', valueType: 'number', width: 80 },
    candidates: { label: '候选人', labelEn: 'Candidates', valueType: 'number', width: 80 },
    deadline: { label: '截止日期', labelEn: 'Deadline', valueType: 'date', sortable: true, width: 110 },
    status: { label: '状态', labelEn: 'Status', valueType: 'dict', dict: 'DEMANDSTATE', filter: 'eq', width: 90 },
    createdAt: { label: '创建时间', labelEn: 'Created', valueType: 'datetime', sortable: true, width: 170 },
  },
});
export const ZDemandFilters = {
  keyword: keyword(),
  name: keyword(),
  demandNo: keyword(),
  city: keyword(),
  kind: z.string().max(8).optional(),
  status: z.string().max(8).optional(),
  orgId: optionalId(),
  clientCompanyId: optionalId(),
  recruiterUserId: optionalId(),
};
export const ZDemandDetail = ZDemandRecord.extend({ posts: z.array(ZDemandPost) });
export type DemandDetail = z.output<typeof ZDemandDetail>;

const ZPostInput = z
  .object({
    id: optionalId(),
    positionId: optionalId(),
    postName: z.string().trim().min(1, '请输入岗位名称').max(64),
    headcount: z.coerce.number().int().min(1, '需求人数至少为1').max(10000),
    salaryMin: optionalYuan(),
    salaryMax: optionalYuan(),
    requirement: optionalText(1000),
  })
  .refine((p) => p.salaryMin == null || p.salaryMax == null || p.salaryMax >= p.salaryMin, { path: ['salaryMax'], message: '薪资上限不能低于下限' });

export const ZDemandSave = z
  .object({
    id: optionalId(),
    name: z.string().trim().min(1, '请输入需求名称').max(64),
    kind: z.enum(['001', '002']).default('001'),
    clientCompanyId: optionalId(),
    orgId: id(),
    recruiterUserId: optionalId(),
    city: optionalText(32),
    education: z.string().max(8).optional().nullable(),
    yearsMin: z.coerce.number().int().min(0).max(50).optional().nullable(),
    salaryMin: optionalYuan(),
    salaryMax: optionalYuan(),
    deadline: isoDate().optional().nullable(),
    status: z.enum(['001', '002', '003', '004']).optional(),
    description: optionalText(2000),
    opportunityId: optionalId(),
    posts: z.array(ZPostInput).min(1, RECRUIT_MSG.headcount).max(50),
  })
  .refine((d) => d.kind !== '002' || !!d.clientCompanyId, { path: ['clientCompanyId'], message: 'RPO需求必须选择客户单位' })
  .refine((d) => d.salaryMin == null || d.salaryMax == null || d.salaryMax >= d.salaryMin, { path: ['salaryMax'], message: '薪资上限不能低于下限' });

export const ZDemandNameRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  updatedAt: isoDateTime(),
});
export type DemandNameRecord = z.output<typeof ZDemandNameRecord>;
export const demandNameMeta = defineResourceMeta(ZDemandNameRecord, {
  name: 'demandName',
  title: '需求名称',
  titleEn: 'Demand names',
  rowKey: 'id',
  fields: {
    name: { label: '需求名称', labelEn: 'Name', filter: 'like', sortable: true, required: true, max: 64 },
    category: { label: '类别', labelEn: 'Category', filter: 'like', max: 32 },
    enabled: { label: '状态', labelEn: 'Enabled', valueType: 'boolean', filter: 'eq', width: 90 },
    remark: { label: '备注', labelEn: 'Remark', valueType: 'textarea', max: 255 },
    updatedAt: { label: '更新时间', labelEn: 'Updated', valueType: 'datetime', hideInForm: true, sortable: true, width: 170 },
  },
});
export const ZDemandNameInput = z.object({
  name: z.string().trim().min(1, '请输入需求名称').max(64),
  category: optionalText(32),
  enabled: z.boolean().optional(),
  remark: optionalText(255),
});

// ---- Talents (talent pool) -----------------------------------------------------------------------

export const ZTalentRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  gender: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  idCardNo: z.string().nullable(),
  city: z.string().nullable(),
  education: z.string().nullable(),
  years: z.number().int().nullable(),
  currentCompany: z.string().nullable(),
  currentTitle: z.string().nullable(),
  expectedSalary: z.number().nullable(),
  skills: z.array(z.string()),
  tags: z.array(z.string()),
  source: z.string().nullable(),
  supplyId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  hasResume: z.boolean(),
  /** A snippet of the résumé text around the first searched word (talent pool search only). */
  snippet: z.string().nullable(),
  activeCandidates: z.number().int(),
  updatedAt: isoDateTime(),
});
export type TalentRecord = z.output<typeof ZTalentRecord>;

export const ZTalentFilters = {
  /** Full-text words over the résumé, name, title, company, skills and tags. */
  keyword: z.string().trim().max(100).optional(),
  skill: keyword(),
  city: keyword(),
  education: z.string().max(8).optional(),
  yearsMin: z.coerce.number().int().min(0).max(60).optional().nullable(),
  yearsMax: z.coerce.number().int().min(0).max(60).optional().nullable(),
  salaryMin: optionalYuan(),
  salaryMax: optionalYuan(),
  source: z.string().max(8).optional(),
  tag: keyword(),
};

export const ZTalentSave = z.object({
  id: optionalId(),
  name: z.string().trim().min(1, '请输入姓名').max(32),
  gender: z.string().max(8).optional().nullable(),
  phone: phone(),
  email: email(),
  idCardNo: z
    .string()
    .trim()
    .max(32)
    .optional()
    .nullable()
    .superRefine((v, ctx) => {
      const message = v ? checkUntypedIdNumber(v) : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  city: optionalText(32),
  education: z.string().max(8).optional().nullable(),
  years: z.coerce.number().int().min(0).max(60).optional().nullable(),
  currentCompany: optionalText(64),
  currentTitle: optionalText(64),
  expectedSalary: optionalYuan(),
  skills: tagList(),
  tags: tagList(),
  source: z.string().max(8).default('001'),
  supplyId: optionalId(),
  /** A résumé uploaded by this user (`talent/parseResume`). */
  resumeId: optionalId(),
  /** Save even though a duplicate was shown. */
  ignoreDuplicate: z.boolean().optional(),
});

export const ZDuplicate = z.object({
  kind: z.enum(['talent', 'employee']),
  id: z.number().int(),
  name: z.string(),
  /** Which facts are the same: phone, email, idCardNo. */
  matched: z.array(z.string()),
  /** The matched value, masked. */
  hint: z.string(),
});
export type Duplicate = z.output<typeof ZDuplicate>;
export const ZDuplicateCheck = z.object({ id: optionalId(), phone: phone(), email: email(), idCardNo: z.string().trim().max(32).optional().nullable() });

export const ZResumeParsed = z.object({
  resumeId: z.number().int(),
  fileId: z.number().int(),
  fileName: z.string(),
  textLength: z.number().int(),
  excerpt: z.string(),
  fields: z.object({
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    education: z.string().nullable(),
    years: z.number().int().nullable(),
    idCardNo: z.string().nullable(),
  }),
  duplicates: z.array(ZDuplicate),
});
export type ResumeParsed = z.output<typeof ZResumeParsed>;

export const ZResumeRecord = z.object({
  id: z.number().int(),
  talentId: z.number().int().nullable(),
  fileId: z.number().int(),
  fileName: z.string(),
  textLength: z.number().int(),
  uploadedBy: z.string().nullable(),
  createdAt: isoDateTime(),
});

export const ZResumePreview = z.object({
  name: z.string(),
  city: z.string().nullable(),
  education: z.string().nullable(),
  years: z.number().int().nullable(),
  currentCompany: z.string().nullable(),
  currentTitle: z.string().nullable(),
  skills: z.array(z.string()),
  text: z.string(),
  fileName: z.string().nullable(),
  expiresAt: isoDateTime(),
});
export type ResumePreview = z.output<typeof ZResumePreview>;

/**
 * The longest résumé text a candidate may write through the completion link: a call without a token
 * may send at most 8 KB (PUBLIC_BODY_LIMIT on the server), and 2,000 Chinese characters are 6 KB of
 * UTF-8, which leaves room for the other fields. A longer parsed résumé is kept as it is (text omitted).
 */
export const RESCREEN_TEXT_MAX = 2000;

/** What a candidate completes or corrects through the link of `candidate/generateReScreenOutChain`. */
export const ZReScreenInput = z.object({
  name: z.string().trim().min(1, '请输入姓名').max(32, '姓名不能超过32个字'),
  gender: z.enum(['1', '2']).optional().nullable(),
  phone: phone(),
  email: email(),
  city: optionalText(32),
  education: z.enum(['001', '002', '003', '004', '005', '006']).optional().nullable(),
  years: z.coerce.number().int().min(0).max(60).optional().nullable(),
  currentCompany: optionalText(64),
  currentTitle: optionalText(64),
  expectedSalary: optionalYuan(),
  skills: tagList(),
  text: z.string().max(RESCREEN_TEXT_MAX, `简历正文不能超过${RESCREEN_TEXT_MAX}个字`).optional().nullable(),
});

/** The candidate's own data as the completion link shows it (their own contact data, unmasked). */
export const ZReScreenInfo = z.object({
  name: z.string(),
  gender: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  education: z.string().nullable(),
  years: z.number().int().nullable(),
  currentCompany: z.string().nullable(),
  currentTitle: z.string().nullable(),
  expectedSalary: z.number().nullable(),
  skills: z.array(z.string()),
  text: z.string(),
  expiresAt: isoDateTime(),
});
export type ReScreenInfo = z.output<typeof ZReScreenInfo>;

export const ZOuterLink = z.object({ token: z.string(), url: z.string(), expiresAt: isoDateTime() });

// ---- Candidates ----------------------------------------------------------------------------------

export const ZCandidateRecord = z.object({
  id: z.number().int(),
  talentId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  education: z.string().nullable(),
  years: z.number().int().nullable(),
  city: z.string().nullable(),
  demandId: z.number().int(),
  demandName: z.string(),
  postId: z.number().int().nullable(),
  postName: z.string().nullable(),
  stage: z.string(),
  stageAt: isoDateTime(),
  source: z.string().nullable(),
  recruiterUserId: z.number().int().nullable(),
  recruiterName: z.string().nullable(),
  outReason: z.string().nullable(),
  nextInterviewAt: isoDateTime().nullable(),
  createdAt: isoDateTime(),
});
export type CandidateRecord = z.output<typeof ZCandidateRecord>;
export const candidateMeta = defineResourceMeta(ZCandidateRecord, {
  name: 'recruitCandidate',
  title: '候选人',
  titleEn: 'Candidates',
  rowKey: 'id',
  fields: {
    name: { label: '姓名', labelEn: 'Name', filter: 'like', sortable: true, width: 100 },
    phone: { label: '手机号', labelEn: 'Phone', width: 130 },
    education: { label: '学历', labelEn: 'Education', valueType: 'dict', dict: 'EDUCATION', width: 100 },
    years: { label: '工作年限', labelEn: 'Years', valueType: 'number', width: 90 },
    demandName: { label: '需求', labelEn: 'Demand', width: 160 },
    postName: { label: '岗位', labelEn: 'Post', width: 140 },
    stage: { label: '阶段', labelEn: 'Stage', valueType: 'dict', dict: 'CANDIDATESTAGE', filter: 'eq', width: 100 },
    source: { label: '渠道', labelEn: 'Channel', valueType: 'dict', dict: 'RECRUITSOURCE', filter: 'eq', width: 100 },
    recruiterName: { label: '招聘专员', labelEn: 'Recruiter', width: 100 },
    stageAt: { label: '进入阶段时间', labelEn: 'In stage since', valueType: 'datetime', sortable: true, width: 170 },
    nextInterviewAt: { label: '下次面试', labelEn: 'Next interview', valueType: 'datetime', width: 170 },
  },
});
export const ZCandidateFilters = {
  keyword: keyword(),
  demandId: optionalId(),
  stage: stageCode().optional(),
  /** Only candidates still in the pipeline (not 080/090/095). */
  open: z.boolean().optional(),
  source: z.string().max(8).optional(),
  recruiterUserId: optionalId(),
};

export const ZInterviewRecord = z.object({
  id: z.number().int(),
  candidateId: z.number().int(),
  candidateName: z.string(),
  demandName: z.string(),
  round: z.string(),
  interviewerUserId: z.number().int(),
  interviewerName: z.string(),
  placeId: z.number().int().nullable(),
  placeName: z.string().nullable(),
  startsAt: isoDateTime(),
  endsAt: isoDateTime(),
  mode: z.string(),
  status: z.string(),
  score: z.number().int().nullable(),
  feedback: z.string().nullable(),
});
export type InterviewRecord = z.output<typeof ZInterviewRecord>;

export const ZStageEvent = z.object({
  fromStage: z.string().nullable(),
  toStage: z.string(),
  at: isoDateTime(),
  byName: z.string().nullable(),
  reason: z.string().nullable(),
});

export const ZOfferRecord = z.object({
  id: z.number().int(),
  candidateId: z.number().int(),
  candidateName: z.string(),
  demandId: z.number().int(),
  demandName: z.string(),
  documentNo: z.string().nullable(),
  /** Kernel state and its STATUS legend code. */
  state: z.string(),
  status: z.string(),
  processInstanceId: z.number().int().nullable(),
  /** Yuan; null when the reader may not see salaries. */
  monthlySalary: z.number().nullable(),
  probationSalary: z.number().nullable(),
  probationMonths: z.number().int(),
  entryDate: z.string().nullable(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  positionName: z.string().nullable(),
  personCategory: z.string(),
  advise: z.string().nullable(),
  employStage: z.string().nullable(),
  sendCount: z.number().int(),
  lastSentAt: isoDateTime().nullable(),
  candidateStage: z.string(),
  email: z.string().nullable(),
  recruiterName: z.string().nullable(),
  salaryMasked: z.boolean(),
  updatedAt: isoDateTime(),
});
export type OfferRecord = z.output<typeof ZOfferRecord>;

export const ZCandidateInfo = ZCandidateRecord.extend({
  talent: ZTalentRecord,
  interviews: z.array(ZInterviewRecord),
  events: z.array(ZStageEvent),
  offer: ZOfferRecord.nullable(),
});
export type CandidateInfo = z.output<typeof ZCandidateInfo>;

export const ZCandidateAdd = z.object({ demandId: id(), postId: optionalId(), talentIds: z.array(id()).min(1).max(200) });
export const ZCandidateMove = z.object({
  id: id(),
  /** The stage the client saw (a move from a stale board is refused, not applied twice). */
  fromStage: stageCode(),
  toStage: stageCode(),
  reason: optionalText(255),
});

// ---- Interviews ----------------------------------------------------------------------------------

export const ZInterviewSchedule = z.object({
  candidateId: id(),
  round: z.string().max(8).default('001'),
  interviewerUserId: id(),
  placeId: optionalId(),
  startsAt: isoDateTime(),
  endsAt: isoDateTime(),
  mode: z.enum(['001', '002', '003']).default('001'),
  /** Also send the invitation (.ics) to the candidate. */
  notify: z.boolean().default(true),
});
export const ZInterviewFeedback = z.object({
  id: id(),
  result: z.enum(['002', '003', '004']),
  score: z.coerce.number().int().min(0).max(100).optional().nullable(),
  feedback: optionalText(1000),
});
export const ZInterviewCalendarRequest = z.object({
  from: isoDate(),
  to: isoDate(),
  interviewerUserId: optionalId(),
  placeId: optionalId(),
});
export const ZInterviewPlaceRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  capacity: z.number().int().nullable(),
  enabled: z.boolean(),
});
export const ZInterviewPlaceInput = z.object({
  id: optionalId(),
  name: z.string().trim().min(1, '请输入地点名称').max(64),
  address: optionalText(255),
  capacity: z.coerce.number().int().min(1).max(1000).optional().nullable(),
  enabled: z.boolean().optional(),
});
export const ZInterviewInvitation = z.object({
  candidateName: z.string(),
  demandName: z.string(),
  startsAt: isoDateTime(),
  endsAt: isoDateTime(),
  placeName: z.string().nullable(),
  address: z.string().nullable(),
  mode: z.string(),
  interviewerName: z.string(),
});

// ---- Offers and employment -----------------------------------------------------------------------

export const ZOfferAdvise = z.object({
  candidateId: id(),
  monthlySalary: yuan().positive(RECRUIT_MSG.salaryRequired).optional().nullable(),
  probationSalary: optionalYuan(),
  probationMonths: z.coerce.number().int().min(0).max(6).default(3),
  entryDate: isoDate().optional().nullable(),
  orgId: optionalId(),
  positionName: optionalText(64),
  personCategory: z.string().max(8).default('001'),
  clientCompanyId: optionalId(),
  advise: optionalText(1000),
});
export const ZOfferFilters = {
  keyword: keyword(),
  demandId: optionalId(),
  state: z.string().max(16).optional(),
  employStage: z.string().max(8).optional(),
};
export const ZCandidateReason = z.object({ candidateId: id(), reason: z.string().trim().min(1, RECRUIT_MSG.reasonRequired).max(255) });
export const ZEmployReason = z.object({ id: id(), reason: z.string().trim().min(1, RECRUIT_MSG.reasonRequired).max(255) });
export const ZProcessInfo = z.object({
  offerId: z.number().int().nullable(),
  documentNo: z.string().nullable(),
  state: z.string(),
  processInstanceId: z.number().int().nullable(),
  steps: z.array(
    z.object({
      name: z.string(),
      userName: z.string().nullable(),
      operateType: z.string(),
      approvalFlag: z.string(),
      message: z.string().nullable(),
      at: isoDateTime().nullable(),
    }),
  ),
});
export const ZEmployStore = z.object({
  id: id(),
  entryDate: isoDate().optional().nullable(),
  orgId: optionalId(),
  positionName: optionalText(64),
  advise: optionalText(1000),
});
export const ZMailPreview = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  sendCount: z.number().int(),
});
export const ZSendMail = z.object({ id: id(), confirm: z.boolean().optional() });
export const ZSendRecord = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  candidateName: z.string(),
  demandName: z.string(),
  to: z.string(),
  subject: z.string(),
  sentByName: z.string().nullable(),
  sentAt: isoDateTime(),
});
export const offerSendMeta = defineResourceMeta(ZSendRecord, {
  name: 'offerSend',
  title: 'Offer发送记录',
  titleEn: 'Offer mails',
  rowKey: 'id',
  fields: {
    candidateName: { label: '候选人', labelEn: 'Candidate' },
    demandName: { label: '需求', labelEn: 'Demand' },
    to: { label: '收件人', labelEn: 'To' },
    subject: { label: '主题', labelEn: 'Subject' },
    sentByName: { label: '发送人', labelEn: 'Sent by' },
    sentAt: { label: '发送时间', labelEn: 'Sent at', valueType: 'datetime', sortable: true },
  },
});
export const ZSendFilters = { keyword: keyword(), from: isoDate().optional(), to: isoDate().optional() };

export const ZEntryAgain = z.object({
  again: z.boolean(),
  employeeId: z.number().int().nullable(),
  employeeCode: z.string().nullable(),
  name: z.string().nullable(),
  leaveDate: z.string().nullable(),
});

// ---- RPO, opportunities, clues, to-dos, pickers --------------------------------------------------

const rpoBase = { id: z.number().int(), updatedAt: isoDateTime() };
export const ZRpoDictRecord = z.object({ ...rpoBase, kind: z.string(), code: z.string(), name: z.string(), enabled: z.boolean() });
export const ZRpoDictSave = z.object({
  id: optionalId(),
  kind: z.string().trim().min(1).max(16),
  code: z.string().trim().min(1).max(32),
  name: z.string().trim().min(1).max(64),
  enabled: z.boolean().optional(),
});
export const ZRpoDemandRecord = z.object({
  ...rpoBase,
  clientCompanyId: z.number().int(),
  clientCompanyName: z.string().nullable(),
  demandId: z.number().int().nullable(),
  postName: z.string(),
  headcount: z.number().int(),
  feePerHire: z.number(),
  feeItem: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export const ZRpoDemandSave = z.object({
  id: optionalId(),
  clientCompanyId: id(),
  demandId: optionalId(),
  postName: z.string().trim().min(1).max(64),
  headcount: z.coerce.number().int().min(1).max(10000),
  feePerHire: yuan(),
  feeItem: z.string().max(32).optional().nullable(),
  startDate: isoDate().optional().nullable(),
  endDate: isoDate().optional().nullable(),
});
export const ZRpoResumeRecord = z.object({
  ...rpoBase,
  rpoDemandId: z.number().int(),
  postName: z.string().nullable(),
  talentId: z.number().int(),
  talentName: z.string().nullable(),
  deliveredOn: z.string(),
  feedback: z.string().nullable(),
  result: z.string(),
});
export const ZRpoResumeSave = z.object({
  id: optionalId(),
  rpoDemandId: id(),
  talentId: id(),
  deliveredOn: isoDate(),
  feedback: optionalText(500),
  result: z.enum(['001', '002', '003']).default('001'),
});
const rpoFilters = { keyword: keyword(), clientCompanyId: optionalId(), rpoDemandId: optionalId(), kind: z.string().max(16).optional() };

export const ZOpportunityRecord = z.object({
  id: z.number().int(),
  clientCompanyId: z.number().int(),
  clientCompanyName: z.string().nullable(),
  projectName: z.string(),
  amount: z.number(),
  wonOn: z.string(),
  status: z.string(),
  demands: z.array(z.object({ id: z.number().int(), demandNo: z.string(), name: z.string(), status: z.string() })),
});

export const ZClueSubmit = z
  .object({
    kind: z.enum(['001', '002']),
    name: z.string().trim().min(1, '请输入姓名或公司名称').max(64),
    phone: phone(),
    email: email(),
    company: optionalText(64),
    position: optionalText(64),
    note: optionalText(500),
    resumeId: optionalId(),
  })
  .refine((c) => !!c.phone || !!c.email, { path: ['phone'], message: '手机号和邮箱至少填写一项' });
export const ZClueRecord = z.object({
  id: z.number().int(),
  kind: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  status: z.string(),
  createdAt: isoDateTime(),
});

export const ZRecruitAgency = z.object({
  counts: z.object({
    toScreen: z.number().int(),
    interviewsToday: z.number().int(),
    feedbackDue: z.number().int(),
    offersToTalk: z.number().int(),
    toSend: z.number().int(),
    toJoin: z.number().int(),
  }),
  items: z.array(z.object({ kind: z.string(), title: z.string(), at: isoDateTime().nullable(), candidateId: z.number().int().nullable(), link: z.string() })),
});

export const ZRecruitUserOption = z.object({ userId: z.number().int(), userCode: z.string(), realName: z.string(), orgName: z.string().nullable() });
export const ZEmployeeSelect = z.object({ code: z.string(), name: z.string(), userName: z.string() });
export const ZOrgOption = z.object({ id: z.number().int(), name: z.string() });

// ---- Funnel --------------------------------------------------------------------------------------

export const ZFunnelRequest = z.object({
  from: isoDate(),
  to: isoDate(),
  demandId: optionalId(),
  recruiterUserId: optionalId(),
  source: z.string().max(8).optional(),
});
const ZFunnelRow = z.object({
  key: z.string(),
  label: z.string(),
  stages: z.record(z.string(), z.number().int()),
  hired: z.number().int(),
  candidates: z.number().int(),
});
export const ZFunnel = z.object({
  stages: z.array(
    z.object({ stage: z.string(), name: z.string(), reached: z.number().int(), conversion: z.number().nullable(), medianDays: z.number().nullable() }),
  ),
  medianDaysToHire: z.number().nullable(),
  offersSent: z.number().int(),
  offersAccepted: z.number().int(),
  offerAcceptance: z.number().nullable(),
  byMonth: z.array(ZFunnelRow),
  byDemand: z.array(ZFunnelRow),
  byRecruiter: z.array(ZFunnelRow),
  bySource: z.array(ZFunnelRow),
});
export type Funnel = z.output<typeof ZFunnel>;

// ---- Calls ---------------------------------------------------------------------------------------

const R = (name: string) => `/recruit_api/recruit/${name}`;
const json = { method: 'POST', requestKind: 'json' } as const;
const blob = { method: 'POST', requestKind: 'json', responseKind: 'blob', data: z.null() } as const;
const spec = { ...json, fromSpec: true } as const;
const own = { ...json, fromSpec: false } as const;

export const recruitCalls = {
  // demands
  demandGetInfo: defineCall({
    ...spec,
    path: R('demand/getInfo'),
    request: ZIdRequest,
    data: ZDemandDetail,
    permission: RECRUIT_PERM.demandList,
    summary: 'A demand with its posts',
  }),
  demandGetPageList: defineCall({
    ...spec,
    path: R('demand/getPageList'),
    request: pageRequest(ZDemandFilters),
    data: pageOf(ZDemandRecord),
    permission: RECRUIT_PERM.demandList,
    summary: 'Demands in the data scope',
  }),
  demandSavePostPageList: defineCall({
    ...spec,
    path: R('demand/savePostPageList'),
    request: ZDemandSave,
    data: ZDemandDetail,
    permission: RECRUIT_PERM.demandEdit,
    write: true,
    summary: 'Adds or updates a demand with its posts (a post with hires cannot go)',
  }),
  demandGetPageListByDemand: defineCall({
    ...spec,
    path: R('demand/getPageListByDemand'),
    request: pageRequest({ ...ZCandidateFilters, demandId: id() }),
    data: pageOf(ZCandidateRecord),
    permission: RECRUIT_PERM.candidateList,
    summary: 'The candidates of one demand',
  }),
  demandGetPostPageList: defineCall({
    ...spec,
    path: R('demand/getPostPageList'),
    request: pageRequest({ demandId: optionalId(), keyword: keyword() }),
    data: pageOf(ZDemandPost.extend({ demandName: z.string(), demandNo: z.string() })),
    permission: RECRUIT_PERM.demandList,
    summary: 'Posts of open demands (pickers)',
  }),
  demandGetResumeFilter: defineCall({
    ...spec,
    path: R('demand/getResumeFilter'),
    request: pageRequest({ demandId: id(), keyword: z.string().trim().max(100).optional() }),
    data: pageOf(ZTalentRecord),
    permission: RECRUIT_PERM.talentList,
    summary: 'Talents matching a demand (city, education, years, salary, words) and not yet in it',
  }),
  demandDelete: defineCall({
    ...spec,
    path: R('demand/delete'),
    request: ZIdRequest,
    data: okData,
    permission: RECRUIT_PERM.demandEdit,
    write: true,
    summary: 'Deletes (soft) a demand without open candidates',
  }),

  demandNamePage: defineCall({
    ...spec,
    path: R('demandName/page'),
    request: pageRequest({ name: keyword(), category: keyword(), enabled: z.boolean().optional() }),
    data: pageOf(ZDemandNameRecord),
    permission: RECRUIT_PERM.demandList,
    summary: 'Demand name catalogue',
  }),
  demandNameSave: defineCall({
    ...spec,
    path: R('demandName/save'),
    request: ZDemandNameInput,
    data: ZDemandNameRecord,
    permission: RECRUIT_PERM.demandEdit,
    write: true,
    summary: 'Adds a demand name',
  }),
  demandNameUpdate: defineCall({
    ...spec,
    path: R('demandName/update'),
    request: ZDemandNameInput.extend({ id: id() }),
    data: ZDemandNameRecord,
    permission: RECRUIT_PERM.demandEdit,
    write: true,
    summary: 'Changes a demand name',
  }),
  demandNameList: defineCall({
    ...spec,
    path: R('demandName/list'),
    request: z.object({ keyword: keyword() }),
    data: z.array(ZDemandNameRecord),
    permission: 'login',
    summary: 'Enabled demand names',
  }),

  rpoDictPage: defineCall({
    ...spec,
    path: R('rpoDict/page'),
    request: pageRequest(rpoFilters),
    data: pageOf(ZRpoDictRecord),
    permission: RECRUIT_PERM.rpoList,
    summary: 'RPO fee items',
  }),
  rpoDictSave: defineCall({
    ...spec,
    path: R('rpoDict/save'),
    request: ZRpoDictSave,
    data: ZRpoDictRecord,
    permission: RECRUIT_PERM.rpoEdit,
    write: true,
    summary: 'Adds or updates an RPO fee item',
  }),
  rpoDictList: defineCall({
    ...spec,
    path: R('rpoDict/list'),
    request: z.object({ kind: z.string().max(16).optional() }),
    data: z.array(ZRpoDictRecord),
    permission: RECRUIT_PERM.rpoList,
    summary: 'Enabled RPO fee items',
  }),
  rpoDemandPage: defineCall({
    ...spec,
    path: R('rpoDemand/page'),
    request: pageRequest(rpoFilters),
    data: pageOf(ZRpoDemandRecord),
    permission: RECRUIT_PERM.rpoList,
    summary: 'RPO demand lines of clients',
  }),
  rpoDemandSave: defineCall({
    ...spec,
    path: R('rpoDemand/save'),
    request: ZRpoDemandSave,
    data: ZRpoDemandRecord,
    permission: RECRUIT_PERM.rpoEdit,
    write: true,
    summary: 'Adds or updates an RPO demand line',
  }),
  rpoDemandList: defineCall({
    ...spec,
    path: R('rpoDemand/list'),
    request: z.object({ clientCompanyId: optionalId() }),
    data: z.array(ZRpoDemandRecord),
    permission: RECRUIT_PERM.rpoList,
    summary: 'RPO demand lines (pickers)',
  }),
  rpoResumePage: defineCall({
    ...spec,
    path: R('rpoResume/page'),
    request: pageRequest(rpoFilters),
    data: pageOf(ZRpoResumeRecord),
    permission: RECRUIT_PERM.rpoList,
    summary: 'Résumés delivered to RPO clients',
  }),
  rpoResumeSave: defineCall({
    ...spec,
    path: R('rpoResume/save'),
    request: ZRpoResumeSave,
    data: ZRpoResumeRecord,
    permission: RECRUIT_PERM.rpoEdit,
    write: true,
    summary: 'Records a résumé delivered to a client and its feedback',
  }),
  rpoResumeList: defineCall({
    ...spec,
    path: R('rpoResume/list'),
    request: z.object({ rpoDemandId: optionalId() }),
    data: z.array(ZRpoResumeRecord),
    permission: RECRUIT_PERM.rpoList,
    summary: 'Résumés delivered for an RPO demand line',
  }),

  opportunityTransfer: defineCall({
    ...spec,
    path: R('opportunity/getTransferProjectOpportunity'),
    request: z.object({ keyword: keyword() }),
    data: z.array(ZOpportunityRecord),
    permission: RECRUIT_PERM.demandList,
    summary: 'Won sales opportunities turned into projects, with their demands',
  }),
  recruitAgency: defineCall({
    ...spec,
    path: R('api/recruit/getRecruitAgency'),
    request: z.object({}),
    data: ZRecruitAgency,
    permission: 'login',
    summary: "The recruiter's to-dos",
  }),
  commonGetUserList: defineCall({
    ...spec,
    path: R('common/getUserList'),
    request: z.object({ keyword: keyword() }),
    data: z.array(ZRecruitUserOption),
    permission: 'login',
    summary: 'Recruiters (holders of the recruiter role)',
  }),
  commonGetUserList1: defineCall({
    ...spec,
    path: R('common/getUserList1'),
    request: z.object({ keyword: keyword() }),
    data: z.array(ZRecruitUserOption),
    permission: 'login',
    summary: 'Interviewers (enabled), for scheduling',
  }),
  commonGetEmployeeSelect: defineCall({
    ...spec,
    path: R('common/getEmployeeSelect'),
    request: z.object({ keyword: keyword() }),
    data: z.array(ZEmployeeSelect),
    permission: 'login',
    summary: 'Employees by name or code (code, name, userName), at most 50',
  }),

  // talent pool (own paths)
  talentPage: defineCall({
    ...own,
    path: R('talent/page'),
    request: pageRequest(ZTalentFilters),
    data: pageOf(ZTalentRecord),
    permission: RECRUIT_PERM.talentList,
    summary: 'Talent pool search: résumé full text and filters',
  }),
  talentDetail: defineCall({
    ...own,
    path: R('talent/detail'),
    request: ZIdRequest,
    data: ZTalentRecord.extend({ resumeText: z.string().nullable() }),
    permission: RECRUIT_PERM.talentList,
    summary: 'One talent with the résumé text',
  }),
  talentSave: defineCall({
    ...own,
    path: R('talent/save'),
    request: ZTalentSave,
    data: ZTalentRecord,
    permission: RECRUIT_PERM.talentEdit,
    write: true,
    summary: 'Adds or updates a talent (duplicates refused unless ignoreDuplicate)',
  }),
  talentCheckDuplicate: defineCall({
    ...own,
    path: R('talent/checkDuplicate'),
    request: ZDuplicateCheck,
    data: z.array(ZDuplicate),
    permission: RECRUIT_PERM.talentEdit,
    summary: 'Talents and employees with the same phone, e-mail or ID number',
  }),
  talentParseResume: defineCall({
    method: 'POST',
    requestKind: 'multipart',
    path: R('talent/parseResume'),
    request: z.object({}),
    data: ZResumeParsed,
    permission: RECRUIT_PERM.talentEdit,
    write: true,
    summary: 'Uploads a PDF or DOCX résumé, extracts its text and the fields found',
    fromSpec: false,
  }),
  talentPreviewLink: defineCall({
    ...own,
    path: R('talent/previewLink'),
    request: ZIdRequest,
    data: ZOuterLink,
    permission: RECRUIT_PERM.talentList,
    summary: 'A signed, expiring link to /ResumePreview for one talent',
  }),
  resumeGetRecordList: defineCall({
    ...spec,
    path: R('resume/getRecordList'),
    request: z.object({ talentId: id() }),
    data: z.array(ZResumeRecord),
    permission: RECRUIT_PERM.talentList,
    summary: 'The résumés uploaded for a talent',
  }),
  resumePreview: defineCall({
    method: 'GET',
    requestKind: 'query',
    path: R('resume/preview'),
    request: z.object({ token: z.string().min(1).max(300) }),
    data: ZResumePreview,
    permission: 'public',
    summary: 'One résumé, by a signed expiring link (no token needed)',
    fromSpec: true,
  }),

  // candidates
  candidateGetPageList: defineCall({
    ...spec,
    path: R('candidate/getPageList'),
    request: pageRequest(ZCandidateFilters),
    data: pageOf(ZCandidateRecord),
    permission: RECRUIT_PERM.candidateList,
    summary: 'Candidates in the data scope (list and board)',
  }),
  candidateGetInterviewerList: defineCall({
    ...spec,
    path: R('candidate/getInterviewerList'),
    request: z.object({ candidateId: id() }),
    data: z.array(ZInterviewRecord),
    permission: RECRUIT_PERM.candidateList,
    summary: "A candidate's interviews and interviewers",
  }),
  candidateGetCandidateInfo: defineCall({
    ...spec,
    path: R('candidate/getCandidateInfo'),
    request: ZIdRequest,
    data: ZCandidateInfo,
    permission: RECRUIT_PERM.candidateList,
    summary: 'A candidate with talent, interviews, stage history and offer',
  }),
  candidateGenerateReScreenOutChain: defineCall({
    ...spec,
    path: R('candidate/generateReScreenOutChain'),
    request: z.object({ candidateId: id() }),
    data: ZOuterLink,
    permission: RECRUIT_PERM.candidateEdit,
    summary: 'A signed link for the candidate to complete the résumé',
  }),
  candidateAdd: defineCall({
    ...own,
    path: R('candidate/add'),
    request: ZCandidateAdd,
    data: z.object({ added: z.number().int(), skipped: z.number().int() }),
    permission: RECRUIT_PERM.candidateEdit,
    write: true,
    summary: 'Puts talents into a demand as new candidates',
  }),
  candidateMove: defineCall({
    ...own,
    path: R('candidate/move'),
    request: ZCandidateMove,
    data: ZCandidateRecord,
    permission: RECRUIT_PERM.candidateEdit,
    write: true,
    summary: 'Moves a candidate to the next stage, or out (淘汰/放弃 with a reason)',
  }),

  // interviews
  interviewSchedule: defineCall({
    ...own,
    path: R('interview/schedule'),
    request: ZInterviewSchedule,
    data: ZInterviewRecord,
    permission: RECRUIT_PERM.interviewEdit,
    write: true,
    summary: 'Schedules an interview (no overlap per interviewer or place); mails an .ics invitation',
  }),
  interviewFeedback: defineCall({
    ...own,
    path: R('interview/feedback'),
    request: ZInterviewFeedback,
    data: ZInterviewRecord,
    permission: 'login',
    write: true,
    summary: 'The interviewer (or a recruiter) records the result',
  }),
  interviewCalendar: defineCall({
    ...own,
    path: R('interview/calendar'),
    request: ZInterviewCalendarRequest,
    data: z.array(ZInterviewRecord),
    permission: RECRUIT_PERM.candidateList,
    summary: 'Interviews in a period, per interviewer or place',
  }),
  interviewEmploy: defineCall({
    ...spec,
    path: R('interview/employ'),
    request: z.object({ candidateId: id() }),
    data: ZCandidateRecord,
    permission: RECRUIT_PERM.candidateEdit,
    write: true,
    summary: 'Decides to hire after a passed interview (stage 040)',
  }),
  resumeReScreenInfo: defineCall({
    ...own,
    path: R('resume/reScreenInfo'),
    request: z.object({ token: z.string().trim().min(1).max(300) }),
    data: ZReScreenInfo,
    permission: 'public',
    summary: 'The candidate opens the completion link (no account): their current data',
  }),
  resumeReScreenSave: defineCall({
    ...own,
    path: R('resume/reScreenSave'),
    request: z.object({ token: z.string().trim().min(1).max(300), info: ZReScreenInput }),
    data: ZReScreenInfo,
    permission: 'public',
    write: true,
    summary: 'The candidate saves their completed résumé through the link (searchable at once)',
  }),
  interviewGetOutChain: defineCall({
    method: 'GET',
    requestKind: 'query',
    path: R('interview/getOutChain'),
    request: z.object({ token: z.string().min(1).max(300) }),
    data: ZInterviewInvitation,
    permission: 'public',
    summary: 'The interview invitation a signed link opens',
    fromSpec: true,
  }),
  interviewPlaceAdd: defineCall({
    ...spec,
    path: R('interviewPlace/add'),
    request: ZInterviewPlaceInput,
    data: ZInterviewPlaceRecord,
    permission: RECRUIT_PERM.interviewEdit,
    write: true,
    summary: 'Adds or updates an interview place',
  }),
  interviewPlaceGet: defineCall({
    ...spec,
    path: R('interviewPlace/get'),
    request: z.object({ all: z.boolean().optional() }),
    data: z.array(ZInterviewPlaceRecord),
    permission: 'login',
    summary: 'Interview places',
  }),

  // offers
  offerGetPageList: defineCall({
    ...spec,
    path: R('offer/getPageList'),
    request: pageRequest(ZOfferFilters),
    data: pageOf(ZOfferRecord),
    permission: RECRUIT_PERM.offerList,
    summary: 'Candidates at the offer stages with their offers',
  }),
  offerCancelCandidate: defineCall({
    ...spec,
    path: R('offer/cancelCandidate'),
    request: ZCandidateReason,
    data: okData,
    permission: RECRUIT_PERM.offerEdit,
    write: true,
    summary: 'Drops a candidate (淘汰) before the offer is approved',
  }),
  offerStoreOfferAdvise: defineCall({
    ...spec,
    path: R('offer/storeOfferAdvise'),
    request: ZOfferAdvise,
    data: ZOfferRecord,
    permission: RECRUIT_PERM.offerEdit,
    write: true,
    summary: 'Stores the offer advice (salary required)',
  }),
  offerGetOfferAdvise: defineCall({
    ...spec,
    path: R('offer/getOfferAdvise'),
    request: z.object({ candidateId: id() }),
    data: ZOfferRecord.nullable(),
    permission: RECRUIT_PERM.offerList,
    summary: "A candidate's offer advice",
  }),
  offerTalkSuccess: defineCall({
    ...spec,
    path: R('offer/talkSuccess'),
    request: z.object({ candidateId: id() }),
    data: ZOfferRecord,
    permission: RECRUIT_PERM.offerEdit,
    write: true,
    summary: 'The candidate agreed: submits the offer for approval',
  }),
  offerTalkFail: defineCall({
    ...spec,
    path: R('offer/talkFail'),
    request: ZCandidateReason,
    data: okData,
    permission: RECRUIT_PERM.offerEdit,
    write: true,
    summary: 'The talk failed: the candidate gives up (放弃)',
  }),
  offerGetProcessInfo: defineCall({
    ...spec,
    path: R('offer/getProcessInfo'),
    request: z.object({ candidateId: id() }),
    data: ZProcessInfo,
    permission: RECRUIT_PERM.offerList,
    summary: "The offer approval's steps",
  }),

  // employment
  employGetPageList: defineCall({
    ...spec,
    path: R('employ/getPageList'),
    request: pageRequest(ZOfferFilters),
    data: pageOf(ZOfferRecord),
    permission: RECRUIT_PERM.employList,
    summary: 'Approved offers and their employment stage',
  }),
  employGetInfo: defineCall({
    ...spec,
    path: R('employ/getInfo'),
    request: ZIdRequest,
    data: ZOfferRecord,
    permission: RECRUIT_PERM.employList,
    summary: 'One employment (offer)',
  }),
  employGetSalary: defineCall({
    ...spec,
    path: R('employ/getSalary'),
    request: ZIdRequest,
    data: z.object({ monthlySalary: z.number(), probationSalary: z.number().nullable(), probationMonths: z.number().int(), annual: z.number() }),
    permission: RECRUIT_PERM.salary,
    summary: 'The salary of an offer (salary permission)',
  }),
  employDeliverStag: defineCall({
    ...spec,
    path: R('employ/deliverStag'),
    request: z.object({ id: id(), stage: z.enum(['004', '005']) }),
    data: ZOfferRecord,
    permission: RECRUIT_PERM.employEdit,
    write: true,
    summary: 'Moves an accepted offer to background check, then to awaiting entry',
  }),
  employStore: defineCall({
    ...spec,
    path: R('employ/store'),
    request: ZEmployStore,
    data: ZOfferRecord,
    permission: RECRUIT_PERM.employEdit,
    write: true,
    summary: 'Saves entry date, unit, position and remark',
  }),
  employSubmit: defineCall({
    ...spec,
    path: R('employ/submit'),
    request: ZIdRequest,
    data: z.object({ offer: ZOfferRecord, hireId: z.number().int() }),
    permission: RECRUIT_PERM.employEdit,
    write: true,
    summary: 'The hire joined: hands the hire to onboarding (recruit_hires)',
  }),
  employCancelEmploy: defineCall({
    ...spec,
    path: R('employ/cancelEmploy'),
    request: ZEmployReason,
    data: okData,
    permission: RECRUIT_PERM.employEdit,
    write: true,
    summary: 'Cancels an employment (revokes an open approval); the candidate is dropped',
  }),
  employAccess: defineCall({
    ...spec,
    path: R('employ/access'),
    request: ZIdRequest,
    data: ZOfferRecord,
    permission: RECRUIT_PERM.employEdit,
    write: true,
    summary: 'The candidate accepted the offer',
  }),
  employFail: defineCall({
    ...spec,
    path: R('employ/fail'),
    request: ZEmployReason,
    data: okData,
    permission: RECRUIT_PERM.employEdit,
    write: true,
    summary: 'The candidate did not join',
  }),
  employSendOfferAgain: defineCall({
    ...spec,
    path: R('employ/sendOfferAgain'),
    request: ZSendMail,
    data: ZOfferRecord,
    permission: RECRUIT_PERM.employEdit,
    write: true,
    summary: 'Sends the offer mail again (needs confirm)',
  }),
  employOperEmploy: defineCall({
    ...spec,
    path: R('employ/operEmploy'),
    request: z.object({ ids: z.array(id()).min(1).max(200), recruiterUserId: id() }),
    data: z.object({ changed: z.number().int() }),
    permission: RECRUIT_PERM.employEdit,
    write: true,
    summary: 'Hands employments to another recruiter',
  }),
  employIsEntryAgain: defineCall({
    ...spec,
    path: R('employ/isEntryAgain'),
    request: z.object({ idCardNo: z.string().trim().max(32).optional(), phone: z.string().trim().max(20).optional() }),
    data: ZEntryAgain,
    permission: RECRUIT_PERM.employList,
    summary: 'Whether the person is a former employee (a re-hire)',
  }),
  employGetEmploySendNum: defineCall({
    ...spec,
    path: R('employ/getEmploySendNum'),
    request: ZIdRequest,
    data: z.object({ sendCount: z.number().int(), lastSentAt: isoDateTime().nullable() }),
    permission: RECRUIT_PERM.employList,
    summary: 'How often the offer mail was sent',
  }),
  employPreviewEmploySendMail: defineCall({
    ...spec,
    path: R('employ/previewEmploySendMail'),
    request: ZIdRequest,
    data: ZMailPreview,
    permission: RECRUIT_PERM.employList,
    summary: 'The offer mail exactly as it will be sent',
  }),
  employSendEmployMail: defineCall({
    ...spec,
    path: R('employ/sendEmployMail'),
    request: ZSendMail,
    data: ZOfferRecord,
    permission: RECRUIT_PERM.employEdit,
    write: true,
    summary: 'Sends the offer mail through the outbox (a second send needs confirm)',
  }),
  employNotarizePageList: defineCall({
    ...spec,
    path: R('employ/employNotarizePageList'),
    request: pageRequest(ZOfferFilters),
    data: pageOf(ZOfferRecord),
    permission: RECRUIT_PERM.employList,
    summary: 'Employments awaiting the entry confirmation (005)',
  }),
  employGetDemandOrgList: defineCall({
    ...spec,
    path: R('employ/getDemandOrgList'),
    request: z.object({}),
    data: z.array(ZOrgOption),
    permission: RECRUIT_PERM.employList,
    summary: 'Units that have demands (filters)',
  }),

  offerSendGetPageList: defineCall({
    ...spec,
    path: R('offerSend/getPageList'),
    request: pageRequest(ZSendFilters),
    data: pageOf(ZSendRecord),
    permission: RECRUIT_PERM.employList,
    summary: 'Offer mails sent',
  }),
  offerSendExport: defineCall({
    ...blob,
    path: R('offerSend/exportOfferList'),
    request: exportRequest(ZSendFilters),
    permission: RECRUIT_PERM.employList,
    summary: 'Offer mails sent, as xlsx',
    fromSpec: true,
  }),

  // funnel
  funnel: defineCall({
    ...own,
    path: R('analytics/funnel'),
    request: ZFunnelRequest,
    data: ZFunnel,
    permission: RECRUIT_PERM.funnel,
    summary: 'Funnel: per stage, conversion, median days, time to hire, offer acceptance; per month, demand, recruiter, channel',
  }),
  funnelExport: defineCall({
    ...blob,
    path: R('analytics/funnelExport'),
    request: ZFunnelRequest,
    permission: RECRUIT_PERM.funnel,
    summary: 'The funnel as xlsx',
    fromSpec: false,
  }),

  // front-side clues
  clueSubmit: defineCall({
    ...own,
    path: R('clue/submit'),
    request: ZClueSubmit,
    data: ZClueRecord,
    permission: 'login',
    write: true,
    summary: 'An employee recommends a candidate (becomes a talent) or a sales lead',
  }),
  clueMine: defineCall({
    ...own,
    path: R('clue/mine'),
    request: z.object({}),
    data: z.array(ZClueRecord),
    permission: 'login',
    summary: "The signed-in user's recommendations",
  }),
};
