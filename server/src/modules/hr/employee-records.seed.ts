import { idCheckDigit } from '@erp/contract';
import { eq, inArray } from 'drizzle-orm';
import { employees, orgUnits, users } from '../../db/schema';
import { chineseName, seededRandom } from '../../db/seed/names';
import type { ModuleSeed } from '../../db/seed/types';
import { employeeChangeDocument } from './employee-change';
import { EVENT_KIND } from './employee-events';
import {
  employeeAdministrations,
  employeeAwards,
  employeeBankAccounts,
  employeeCertificates,
  employeeChangeRequests,
  employeeEducations,
  employeeEvents,
  employeeExaminations,
  employeeFamilies,
  employeeLanguages,
  employeeRelations,
  employeeVehicles,
  employeeWorkHistories,
} from './employee-records.schema';

const REGIONS: Array<[string, string, string]> = [
  ['110105', '北京市朝阳区', '北京'],
  ['310104', '上海市徐汇区', '上海'],
  ['440305', '广东省深圳市南山区', '深圳'],
  ['330106', '浙江省杭州市西湖区', '杭州'],
  ['510107', '四川省成都市武侯区', '成都'],
  ['420111', '湖北省武汉市洪山区', '武汉'],
  ['320106', '江苏省南京市鼓楼区', '南京'],
  ['610113', '陕西省西安市雁塔区', '西安'],
];
const SCHOOLS = ['北京大学', '复旦大学', '浙江大学', '武汉大学', '四川大学', '南京大学', '西安交通大学', '华中科技大学', '深圳大学', '上海财经大学'];
const MAJORS = ['计算机科学与技术', '软件工程', '人力资源管理', '会计学', '工商管理', '统计学', '市场营销', '电子信息工程'];
const COMPANIES = [
  '腾讯科技（深圳）有限公司',
  '阿里巴巴（中国）有限公司',
  '中国平安保险（集团）股份有限公司',
  '华为技术有限公司',
  '京东集团',
  '前程无忧',
  '上海外服',
  '中智人力',
];
const CERTIFICATES: Array<[string, string]> = [
  ['人力资源管理师（二级）', '人力资源和社会保障部'],
  ['中级会计职称', '财政部'],
  ['PMP项目管理专业人士', 'PMI'],
  ['软件设计师', '工业和信息化部'],
  ['注册会计师', '中国注册会计师协会'],
];
const AWARDS = ['年度优秀员工', '季度服务之星', '最佳团队贡献奖', '客户满意度之星', '创新改进奖'];
const PLATES = '京沪粤浙川鄂苏陕';
const BANKS = ['ICBC', 'CCB', 'CMB', 'BOC', 'ABC'];
const BANK_NAMES: Record<string, string> = { ICBC: '中国工商银行', CCB: '中国建设银行', CMB: '招商银行', BOC: '中国银行', ABC: '中国农业银行' };

/** A resident ID number with a correct check digit for the region, birthday and gender given. */
function idNumber(region: string, birthday: string, seq: number, gender: string): string {
  const s = String(seq % 100).padStart(2, '0') + String(gender === '1' ? (seq % 5) * 2 + 1 : (seq % 5) * 2);
  const first17 = `${region}${birthday.replaceAll('-', '')}${s}`;
  return `${first17}${idCheckDigit(first17)}`;
}

function addMonths(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/**
 * Full records for the demo people: identity, contact, employment (clients and settlement for
 * dispatched and outsourced staff, several categories), lifecycle events and every section, plus
 * one employee's own bank change waiting for HR, so each screen of the area shows a used system.
 */
export const employeeRecordsSeed: ModuleSeed = {
  name: 'hr-records',
  async seed(ctx) {
    const rand = seededRandom(2026);
    const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)] as T;
    const clients = await ctx.db
      .select({ id: orgUnits.id, code: orgUnits.code })
      .from(orgUnits)
      .where(inArray(orgUnits.code, ['C900', 'C901', 'C902']));
    const settlementOrg = ctx.orgIds.get('C002') ?? null;
    const all = await ctx.db.select().from(employees).orderBy(employees.id);
    for (const [i, emp] of all.entries()) {
      const [user] = emp.userId ? await ctx.db.select({ userCode: users.userCode }).from(users).where(eq(users.id, emp.userId)) : [];
      const demoAccount = user && !/^user\d+$/.test(user.userCode);
      // Generic colleagues cover the other person categories; the demo accounts keep theirs.
      let category = emp.personCategory;
      if (!demoAccount) {
        if (i % 10 === 3) category = '003';
        else if (i % 10 === 7) category = '004';
        else if (i % 17 === 5) category = '005';
        else if (i % 5 === 1) category = '002';
      }
      const placed = category === '002' || category === '003';
      const region = pick(REGIONS);
      const birthday = emp.birthday ?? '1990-01-01';
      const gender = emp.gender ?? '1';
      const entry = emp.entryDate ?? '2024-01-01';
      const regular = emp.regularStatus === '010';
      const workStart = addMonths(entry, -12 * (1 + Math.floor(rand() * 8)));
      await ctx.db
        .update(employees)
        .set({
          personCategory: category,
          idType: '001',
          idCardNo: idNumber(region[0], birthday, i + 11, gender),
          nation: rand() < 0.9 ? '汉族' : pick(['回族', '满族', '壮族', '土家族']),
          nativePlace: region[1],
          politics: pick(['001', '003', '005', '005', '005']),
          marital: pick(['001', '002', '002']),
          highestEducation: pick(['002', '003', '003', '004']),
          workStartDate: workStart,
          address: `${region[1]}${pick(['科技园路', '人民路', '中山路', '建设大道'])}${10 + Math.floor(rand() * 300)}号`,
          registeredAddress: `${region[1]}${pick(['幸福里', '光明街', '和平路'])}${1 + Math.floor(rand() * 99)}号`,
          emergencyContact: chineseName(rand),
          emergencyRelation: pick(['001', '003', '004']),
          emergencyPhone: `139${String(10_000_000 + Math.floor(rand() * 89_999_999))}`,
          clientCompanyId: placed ? (clients[i % clients.length]?.id ?? null) : null,
          settlementOrgId: placed ? settlementOrg : null,
          employState: regular ? '002' : '001',
          regularDate: regular ? addMonths(entry, emp.probationMonths) : null,
          contractEndDate: addMonths(entry, 36),
          socialCity: region[2],
          socialBaseCents: Math.min(emp.salaryCents ?? 800_000, 3_600_000),
          fundCity: region[2],
          fundBaseCents: Math.min(emp.salaryCents ?? 800_000, 3_600_000),
        })
        .where(eq(employees.id, emp.id));
      if (emp.userId && category !== emp.personCategory) await ctx.db.update(users).set({ personCategory: category }).where(eq(users.id, emp.userId));

      // Lifecycle: entry, a transfer for some, the confirmation for regular staff.
      const events: Array<typeof employeeEvents.$inferInsert> = [
        {
          employeeId: emp.id,
          kind: EVENT_KIND.entry,
          effectiveDate: entry,
          toOrgId: emp.orgId,
          toPosition: emp.positionName,
          toGradeId: emp.gradeId,
          remark: '新员工入职',
        },
      ];
      if (regular)
        events.push({
          employeeId: emp.id,
          kind: EVENT_KIND.regular,
          effectiveDate: addMonths(entry, emp.probationMonths),
          fromOrgId: emp.orgId,
          toOrgId: emp.orgId,
          fromPosition: emp.positionName,
          toPosition: emp.positionName,
          fromGradeId: emp.gradeId,
          toGradeId: emp.gradeId,
          documentNo: `ZZ${addMonths(entry, emp.probationMonths).replaceAll('-', '')}${String(1 + (i % 9)).padStart(4, '0')}`,
          remark: '试用期考核合格',
        });
      if (regular && i % 4 === 0)
        events.push({
          employeeId: emp.id,
          kind: EVENT_KIND.adjustment,
          effectiveDate: addMonths(entry, emp.probationMonths + 12),
          fromOrgId: emp.orgId,
          toOrgId: emp.orgId,
          fromPosition: emp.positionName,
          toPosition: emp.positionName,
          fromGradeId: emp.gradeId,
          toGradeId: emp.gradeId,
          remark: '年度调薪',
        });
      await ctx.db.insert(employeeEvents).values(events);

      // Sections.
      const graduated = addMonths(workStart, -2);
      await ctx.db.insert(employeeEducations).values({
        employeeId: emp.id,
        school: pick(SCHOOLS),
        major: pick(MAJORS),
        education: emp.gradeId && i % 3 === 0 ? '002' : '003',
        degree: i % 3 === 0 ? '002' : '003',
        startDate: addMonths(graduated, -48),
        endDate: graduated,
        fullTime: true,
      });
      const histories = i % 3;
      for (let h = 0; h < histories; h++)
        await ctx.db.insert(employeeWorkHistories).values({
          employeeId: emp.id,
          company: pick(COMPANIES),
          position: pick(['专员', '工程师', '主管', '顾问']),
          startDate: addMonths(workStart, h * 24),
          endDate: addMonths(workStart, h * 24 + 22),
          leaveReason: pick(['个人发展', '家庭原因', '公司业务调整']),
          witness: chineseName(rand),
          witnessPhone: `137${String(10_000_000 + Math.floor(rand() * 89_999_999))}`,
        });
      await ctx.db.insert(employeeFamilies).values([
        { employeeId: emp.id, name: chineseName(rand), relation: '003', phone: `136${String(10_000_000 + Math.floor(rand() * 89_999_999))}`, workUnit: '退休' },
        {
          employeeId: emp.id,
          name: chineseName(rand),
          relation: '004',
          phone: `135${String(10_000_000 + Math.floor(rand() * 89_999_999))}`,
          workUnit: pick(['退休', '个体经营', '事业单位']),
        },
      ]);
      if (i % 6 === 0)
        await ctx.db
          .insert(employeeRelations)
          .values({ employeeId: emp.id, name: chineseName(rand), relation: pick(['同学', '前同事', '亲属']), workUnit: pick(COMPANIES), position: '经理' });
      await ctx.db
        .insert(employeeLanguages)
        .values({ employeeId: emp.id, language: '001', level: pick(['003', '004', '005']), certificate: pick(['CET-4', 'CET-6', '专业八级', null]) });
      if (i % 3 === 1) {
        const [name, issuer] = pick(CERTIFICATES);
        await ctx.db
          .insert(employeeCertificates)
          .values({ employeeId: emp.id, name, issuer, certificateNo: `ZS${100000 + i * 37}`, issueDate: addMonths(workStart, 18) });
      }
      if (i % 4 === 2)
        await ctx.db
          .insert(employeeAwards)
          .values({ employeeId: emp.id, name: pick(AWARDS), awardDate: addMonths(entry, 10), issuer: '鼎才集团', description: '表现突出，特此表彰' });
      if (i % 5 === 0)
        await ctx.db.insert(employeeVehicles).values({
          employeeId: emp.id,
          plateNo: `${PLATES[i % PLATES.length]}${'ABCDEFG'[i % 7]}${String(10000 + i * 131).slice(-5)}`,
          brand: pick(['大众', '丰田', '比亚迪', '本田']),
          color: pick(['白色', '黑色', '灰色']),
          registerDate: addMonths(entry, 6),
        });
      await ctx.db.insert(employeeAdministrations).values({
        employeeId: emp.id,
        workCardNo: `GP${String(emp.id).padStart(5, '0')}`,
        officeLocation: placed ? '客户现场' : pick(['上海总部 12F', '上海总部 15F', '北京分公司 8F']),
        seatNo: `${pick(['A', 'B', 'C'])}-${String(1 + (i % 60)).padStart(2, '0')}`,
        computerAssetNo: `IT-PC-${String(2000 + i)}`,
        mailAccount: `${user?.userCode ?? `e${emp.id}`}@dingcai.example`,
      });
      await ctx.db.insert(employeeExaminations).values({
        employeeId: emp.id,
        examDate: addMonths(entry, -1),
        hospital: pick(['爱康国宾', '美年大健康', '慈铭体检']),
        result: i % 23 === 4 ? '003' : '001',
      });
      const bankCode = pick(BANKS);
      await ctx.db.insert(employeeBankAccounts).values({
        employeeId: emp.id,
        bankCode,
        openBank: `${BANK_NAMES[bankCode]}${region[2]}分行营业部`,
        accountName: emp.name,
        accountNo: `6222${String(100000000000000 + emp.id * 7919 + i).slice(0, 15)}`,
        salaryCard: true,
      });
    }

    // emp01 asked for a new salary card: the request waits in HR's to-do list.
    const emp01 = ctx.employeeIds.get('emp01');
    const emp01User = ctx.userIds.get('emp01');
    if (emp01 && emp01User) {
      const [row] = await ctx.db
        .insert(employeeChangeRequests)
        .values({
          employeeId: emp01,
          applicantUserId: emp01User,
          section: 'bank',
          action: 'add',
          changes: { bankCode: 'CMB', openBank: '招商银行上海分行营业部', accountName: '叶子豪', accountNo: '6225880212345678', salaryCard: true },
          createdBy: emp01User,
          updatedBy: emp01User,
        })
        .returning({ id: employeeChangeRequests.id });
      if (row)
        await employeeChangeDocument.submit(ctx.db, {
          id: row.id,
          userId: emp01User,
          title: '叶子豪 银行卡信息变更',
          vars: { employeeId: emp01, section: 'bank', action: 'add' },
        });
    }
  },
};
