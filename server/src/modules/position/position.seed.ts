import { grades } from '../../db/schema';
import type { ModuleSeed } from '../../db/seed/types';
import { positionAlignments, positions, positionTrades, postClans, postLarges } from './position.schema';

/** [code, name] of the post categories (岗位大类). */
const LARGES: Array<[string, string]> = [
  ['MGT', '管理类'],
  ['TECH', '专业技术类'],
  ['SALES', '营销类'],
  ['FUNC', '职能支持类'],
  ['OPS', '运营交付类'],
];

/** [code, name, category] of the post clans (岗位族). */
const CLANS: Array<[string, string, string]> = [
  ['MGT-EXEC', '经营管理族', 'MGT'],
  ['MGT-DEPT', '部门管理族', 'MGT'],
  ['TECH-RD', '软件研发族', 'TECH'],
  ['TECH-QA', '测试质量族', 'TECH'],
  ['TECH-OPS', '运维族', 'TECH'],
  ['TECH-DATA', '数据族', 'TECH'],
  ['SALES-BD', '客户开发族', 'SALES'],
  ['SALES-CS', '客户服务族', 'SALES'],
  ['FUNC-HR', '人力资源族', 'FUNC'],
  ['FUNC-FIN', '财务族', 'FUNC'],
  ['FUNC-ADM', '行政族', 'FUNC'],
  ['OPS-REC', '招聘交付族', 'OPS'],
  ['OPS-PM', '项目交付族', 'OPS'],
  ['OPS-ONSITE', '驻场服务族', 'OPS'],
];

/** [code, name, lowest grade, highest grade] of the job sequences (职位序列). */
const ALIGNMENTS: Array<[string, string, string, string]> = [
  ['P', '专业技术序列', 'P1', 'P8'],
  ['M', '管理序列', 'M1', 'M4'],
  ['S', '营销序列', 'P1', 'P6'],
  ['O', '操作服务序列', 'P1', 'P3'],
];

/** [code, name] of the trades (行业) positions serve, mostly those of the client companies. */
const TRADES: Array<[string, string]> = [
  ['GEN', '通用'],
  ['IT', '信息技术/互联网'],
  ['FIN', '金融'],
  ['MFG', '制造业'],
  ['LOG', '物流仓储'],
  ['RET', '零售快消'],
  ['MED', '医药健康'],
];

/** [code, name, clan, sequence, trade, unit code or '' for group-wide, grades, headcount]. */
const POSITIONS: Array<[string, string, string, string, string, string, string, number]> = [
  ['GM', '总经理', 'MGT-EXEC', 'M', 'GEN', 'D001', 'M3-M4', 1],
  ['HR-DIR', '人事总监', 'MGT-DEPT', 'M', 'GEN', 'D002', 'M2-M3', 1],
  ['TECH-MGR', '技术经理', 'MGT-DEPT', 'M', 'IT', 'D004', 'M1-M2', 2],
  ['DLV-SUP', '交付主管', 'MGT-DEPT', 'M', 'GEN', 'D005', 'M1-M2', 2],
  ['KAM', '大客户总监', 'SALES-BD', 'M', 'GEN', 'D005', 'M1-M2', 1],
  ['SWE', '软件工程师', 'TECH-RD', 'P', 'IT', 'D004', 'P2-P6', 12],
  ['FE', '前端开发工程师', 'TECH-RD', 'P', 'IT', 'D004', 'P2-P6', 4],
  ['ARCH', '系统架构师', 'TECH-RD', 'P', 'IT', 'D004', 'P6-P8', 1],
  ['PM-PROD', '产品经理', 'TECH-RD', 'P', 'IT', 'D004', 'P4-P7', 2],
  ['QA', '测试工程师', 'TECH-QA', 'P', 'IT', 'T005', 'P2-P5', 4],
  ['SRE', '运维工程师', 'TECH-OPS', 'P', 'IT', 'D004', 'P2-P6', 3],
  ['SYSADMIN', '系统管理员', 'TECH-OPS', 'P', 'GEN', '', 'P3-P6', 1],
  ['DA', '数据分析师', 'TECH-DATA', 'P', 'GEN', 'D004', 'P3-P6', 2],
  ['HR-SPEC', '人事专员', 'FUNC-HR', 'P', 'GEN', 'D002', 'P1-P4', 4],
  ['HR-CB', '薪酬福利专员', 'FUNC-HR', 'P', 'GEN', 'T002', 'P2-P4', 2],
  ['FIN-SPEC', '财务专员', 'FUNC-FIN', 'P', 'GEN', 'D003', 'P2-P5', 2],
  ['ACC', '会计', 'FUNC-FIN', 'P', 'GEN', 'T003', 'P2-P5', 3],
  ['CASH', '出纳', 'FUNC-FIN', 'P', 'GEN', 'T003', 'P1-P3', 1],
  ['ADM', '行政专员', 'FUNC-ADM', 'P', 'GEN', '', 'P1-P3', 3],
  ['REC', '招聘专员', 'OPS-REC', 'S', 'GEN', 'T001', 'P1-P3', 6],
  ['REC-CON', '招聘顾问', 'OPS-REC', 'S', 'GEN', 'T001', 'P2-P5', 6],
  ['HUNT', '猎头顾问', 'OPS-REC', 'S', 'IT', 'D005', 'P3-P6', 3],
  ['PM-DLV', '项目经理', 'OPS-PM', 'P', 'GEN', 'D005', 'P4-P7', 4],
  ['ONSITE-ENG', '驻场工程师', 'OPS-ONSITE', 'P', 'IT', 'D102', 'P2-P5', 20],
  ['ONSITE-CS', '驻场客服专员', 'OPS-ONSITE', 'O', 'FIN', 'D102', 'P1-P3', 30],
  ['WH-OP', '仓储操作员', 'OPS-ONSITE', 'O', 'LOG', 'D101', 'P1-P3', 40],
  ['LINE-OP', '产线操作工', 'OPS-ONSITE', 'O', 'MFG', 'D101', 'P1-P2', 60],
  ['BD', '客户经理', 'SALES-BD', 'S', 'GEN', 'D005', 'P2-P6', 5],
  ['CS', '客户服务专员', 'SALES-CS', 'S', 'RET', 'D101', 'P1-P3', 8],
  ['TELESALES', '电话销售', 'SALES-BD', 'S', 'GEN', 'D101', 'P1-P3', 0],
];

/** Positions no longer staffed: kept (disabled) so history keeps its labels. */
const DISABLED = new Set(['TELESALES']);

const idsOf = (rows: Array<{ id: number; code: string }>) => new Map(rows.map((r) => [r.code, r.id]));
const need = (map: Map<string, number>, code: string) => {
  const id = map.get(code);
  if (id === undefined) throw new Error(`position seed: unknown code ${code}`);
  return id;
};

/** The demo ladders and 30 positions over the demo organisation (after hr: it needs the grades). */
export const positionSeed: ModuleSeed = {
  name: 'position',
  async seed(ctx) {
    const db = ctx.db;
    const gradeIds = idsOf(await db.select({ id: grades.id, code: grades.code }).from(grades));
    const larges = idsOf(
      await db
        .insert(postLarges)
        .values(LARGES.map(([code, name], i) => ({ code, name, sort: i + 1 })))
        .returning({ id: postLarges.id, code: postLarges.code }),
    );
    const clans = idsOf(
      await db
        .insert(postClans)
        .values(CLANS.map(([code, name, large], i) => ({ code, name, postLargeId: need(larges, large), sort: i + 1 })))
        .returning({ id: postClans.id, code: postClans.code }),
    );
    const alignments = idsOf(
      await db
        .insert(positionAlignments)
        .values(ALIGNMENTS.map(([code, name, lo, hi], i) => ({ code, name, minGradeId: need(gradeIds, lo), maxGradeId: need(gradeIds, hi), sort: i + 1 })))
        .returning({ id: positionAlignments.id, code: positionAlignments.code }),
    );
    const trades = idsOf(
      await db
        .insert(positionTrades)
        .values(TRADES.map(([code, name], i) => ({ code, name, sort: i + 1 })))
        .returning({ id: positionTrades.id, code: positionTrades.code }),
    );
    await db.insert(positions).values(
      POSITIONS.map(([code, name, clan, alignment, trade, org, range, headcount], i) => {
        const [lo, hi] = range.split('-') as [string, string];
        return {
          code,
          name,
          postClanId: need(clans, clan),
          alignmentId: need(alignments, alignment),
          tradeId: need(trades, trade),
          orgId: org ? need(ctx.orgIds, org) : null,
          minGradeId: need(gradeIds, lo),
          maxGradeId: need(gradeIds, hi),
          headcount,
          duty: `负责${name}岗位的日常工作，按时完成上级安排的任务。`,
          requirement: alignment === 'O' ? '中专及以上学历，能适应倒班' : '大专及以上学历，相关工作经验2年以上',
          sort: i + 1,
          enabled: !DISABLED.has(code),
        };
      }),
    );
  },
};
