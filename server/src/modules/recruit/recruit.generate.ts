import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db';
import { indexWords, warmSegmenter } from './resume-text';

/**
 * A large talent pool for benchmarks: `count` talents with a résumé text each (its jieba words in
 * the search document), each a candidate of one of 1,000 generated demands at a stage spread like a
 * real funnel, with the stage events of the last year. Texts are built from fragments whose words
 * are segmented once, so 200,000 résumés take seconds of segmentation, not minutes.
 */
export async function generateCandidates(db: Db, count: number, log: (m: string) => void = () => {}): Promise<void> {
  await warmSegmenter();
  const [rec] = await queryRows<{ id: number; org: number }>(db, sql`SELECT id, org_id AS org FROM users WHERE user_code = 'rec01'`);
  const recruiter = rec?.id ?? 1;
  const org = rec?.org ?? 1;

  // 1,000 demands over the last year.
  await db.execute(sql`
    INSERT INTO recruit_demands (demand_no, name, kind, org_id, recruiter_user_id, city, status, created_at, created_by)
    SELECT 'XQG' || lpad(g::text, 7, '0'), '批量需求' || g, CASE WHEN g % 4 = 0 THEN '002' ELSE '001' END, ${org}, ${recruiter},
           (ARRAY['上海','北京','杭州','深圳','苏州','南京','广州','成都'])[1 + g % 8], '001', now() - (g % 365) * interval '1 day', ${recruiter}
    FROM generate_series(1, 1000) g`);

  const skillsPool = [
    'Java',
    'Spring',
    'MySQL',
    'Redis',
    'Kafka',
    '微服务',
    'React',
    'Vue',
    'TypeScript',
    'Node.js',
    'Python',
    'Go',
    'Kubernetes',
    'Docker',
    'Linux',
    '运维',
    '测试',
    '自动化测试',
    '性能测试',
    '数据分析',
    'SQL',
    'Hadoop',
    'Spark',
    '机器学习',
    '深度学习',
    '算法',
    '产品设计',
    '需求分析',
    '项目管理',
    'PMP',
    '敏捷',
    '财务核算',
    '税务',
    '审计',
    '招聘',
    '培训',
    '薪酬',
    '绩效',
    '客户服务',
    '销售',
    '市场营销',
    '供应链',
    '采购',
    '仓储',
    '物流',
    '生产管理',
    '质量管理',
    '精益生产',
    '设备维护',
    '电气',
    'PLC',
    '嵌入式',
    'C++',
    'Android',
    'iOS',
    'Flutter',
    '小程序',
    'UI设计',
  ];
  const titles = [
    'Java开发工程师',
    '前端开发工程师',
    '测试工程师',
    '运维工程师',
    '数据分析师',
    '算法工程师',
    '产品经理',
    '项目经理',
    '会计',
    '招聘专员',
    '客服专员',
    '销售经理',
    '生产主管',
    '仓储主管',
    '嵌入式工程师',
  ];
  const companies = [
    '蓝海科技',
    '星河软件',
    '启明信息',
    '远航数据',
    '华彩网络',
    '同舟智造',
    '金桥咨询',
    '云帆互联',
    '东方物流',
    '恒信制造',
    '博远医药',
    '嘉禾零售',
  ];
  const schools = ['复旦大学', '浙江大学', '南京大学', '同济大学', '华东师范大学', '苏州大学', '上海大学', '武汉大学', '四川大学', '中山大学'];
  const cities = ['上海', '北京', '杭州', '深圳', '苏州', '南京', '广州', '成都'];
  const sentences = [
    '负责核心业务系统的设计与开发，主导性能优化',
    '参与需求评审与技术方案设计，推动项目按期交付',
    '搭建持续集成流水线，提升团队交付效率',
    '负责客户沟通与需求对接，维护重点客户关系',
    '带领五人小组完成年度目标，获得优秀团队奖',
    '熟悉行业业务流程，具备跨部门协作经验',
    '主导数据平台建设，支撑经营分析与决策',
    '负责线上问题排查与稳定性保障',
  ];
  const words = new Map<string, string[]>();
  const wordsOf = (fragment: string) => {
    let w = words.get(fragment);
    if (!w) {
      w = indexWords(fragment);
      words.set(fragment, w);
    }
    return w;
  };
  let seed = 20261125;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁';
  const given = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚华玉萍红玲芬燕春梅琳雪荣';
  const started = Date.now();
  const BATCH = 2000;
  for (let done = 0; done < count; done += BATCH) {
    const rows: Array<Record<string, unknown>> = [];
    for (let i = done; i < Math.min(count, done + BATCH); i++) {
      const name = `${surnames[i % surnames.length]}${given[(i * 7) % given.length]}${given[(i * 13) % given.length]}`;
      const title = pick(titles);
      const company = pick(companies);
      const city = pick(cities);
      const school = pick(schools);
      const skills = Array.from(new Set([pick(skillsPool), pick(skillsPool), pick(skillsPool), pick(skillsPool)]));
      const s1 = pick(sentences);
      const s2 = pick(sentences);
      const years = Math.floor(rand() * 15);
      const text = `姓名：${name}\n现居城市：${city}，${years}年工作经验\n教育经历：${school} 本科\n工作经历：${company} ${title}，${s1}；${s2}。\n专业技能：熟悉${skills.join('、')}。`;
      const doc = new Set<string>([...wordsOf(`${name} ${title} ${company} ${city} ${school}`), ...wordsOf(s1), ...wordsOf(s2), ...skills.flatMap(wordsOf)]);
      rows.push({
        name,
        phone: `13${String(100_000_000 + i).slice(-9)}`,
        email: `cand${i}@pool.example`,
        city,
        education: pick(['002', '003', '003', '004']),
        years,
        company,
        title,
        salary: (6000 + Math.floor(rand() * 30) * 1000) * 100,
        skills,
        source: pick(['001', '001', '002', '003', '004', '005', '006']),
        text,
        doc: [...doc].join(' '),
        ago: Math.floor(rand() * 365),
      });
    }
    await db.execute(sql`
      INSERT INTO recruit_talents (name, phone, email, city, education, years, current_company, current_title, expected_salary, skills, source,
                                   resume_text, search_doc, org_id, owner_user_id, created_by, created_at, updated_at)
      SELECT x->>'name', x->>'phone', x->>'email', x->>'city', x->>'education', (x->>'years')::int, x->>'company', x->>'title', (x->>'salary')::bigint,
             ARRAY(SELECT jsonb_array_elements_text(x->'skills')), x->>'source', x->>'text', to_tsvector('simple', x->>'doc'),
             ${org}, ${recruiter}, ${recruiter}, now() - (x->>'ago')::int * interval '1 day', now() - (x->>'ago')::int * interval '1 day'
      FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) x`);
    if ((done / BATCH) % 20 === 0) log(`talents: ${Math.min(count, done + BATCH)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // Each generated talent a candidate of a generated demand, at a funnel-shaped stage, with its events.
  await db.execute(sql`
    INSERT INTO recruit_candidates (talent_id, demand_id, stage, stage_at, source, recruiter_user_id, org_id, created_at, created_by)
    SELECT t.id, d.id,
           CASE WHEN r < 30 THEN '010' WHEN r < 50 THEN '020' WHEN r < 62 THEN '030' WHEN r < 67 THEN '040' WHEN r < 69 THEN '050'
                WHEN r < 71 THEN '060' WHEN r < 73 THEN '070' WHEN r < 78 THEN '080' WHEN r < 92 THEN '090' ELSE '095' END,
           t.created_at, t.source, ${recruiter}, ${org}, t.created_at, ${recruiter}
    FROM (SELECT id, source, created_at, (id * 7919) % 100 AS r FROM recruit_talents WHERE email LIKE 'cand%@pool.example') t
    JOIN LATERAL (SELECT id FROM recruit_demands WHERE demand_no = 'XQG' || lpad((1 + t.id % 1000)::text, 7, '0')) d ON true`);
  await db.execute(sql`
    INSERT INTO recruit_stage_events (candidate_id, demand_id, from_stage, to_stage, at, by_user_id)
    SELECT c.id, c.demand_id, CASE WHEN s.n = 1 THEN NULL ELSE lpad(((s.n - 1) * 10)::text, 3, '0') END, lpad((s.n * 10)::text, 3, '0'),
           c.created_at + (s.n - 1) * interval '3 day', ${recruiter}
    FROM recruit_candidates c
    JOIN LATERAL generate_series(1, CASE WHEN c.stage >= '090' THEN 1 + c.id % 3 ELSE c.stage::int / 10 END) s(n) ON true
    WHERE c.demand_id IN (SELECT id FROM recruit_demands WHERE demand_no LIKE 'XQG%')`);
  await db.execute(sql`
    INSERT INTO recruit_stage_events (candidate_id, demand_id, from_stage, to_stage, at, by_user_id)
    SELECT c.id, c.demand_id, lpad(((1 + c.id % 3) * 10)::text, 3, '0'), c.stage, c.created_at + (2 + c.id % 3) * interval '3 day', ${recruiter}
    FROM recruit_candidates c WHERE c.stage >= '090' AND c.demand_id IN (SELECT id FROM recruit_demands WHERE demand_no LIKE 'XQG%')`);
  log(`candidates and events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
