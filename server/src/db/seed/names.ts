const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN =
  '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬燕彩春菊兰凤洁梅琳素云莲真环雪荣爱妹霞香月莺媛艳瑞凡佳嘉琼勤珍贞莉桂娣叶璧璐娅琦晶妍茜秋珊莎锦黛青倩婷姣婉娴瑾颖露瑶怡婵雁蓓纨仪荷丹蓉眉君琴蕊薇菁梦岚苑婕馨瑗琰韵融园艺咏卿聪澜纯毓悦昭冰爽琬茗羽希宁欣飘育滢馥筠柔竹霭凝晓欢霄枫芸菲寒伊亚宜可姬舒影荔枝思丽';

/** A small deterministic random generator, so demo and benchmark data are the same on every run. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function chineseName(rand: () => number): string {
  const pick = (s: string) => s[Math.floor(rand() * s.length)] as string;
  return pick(SURNAMES) + pick(GIVEN) + (rand() < 0.6 ? pick(GIVEN) : '');
}

export const POSITIONS = [
  '软件工程师',
  '测试工程师',
  '产品经理',
  '招聘顾问',
  '人事专员',
  '会计',
  '出纳',
  '项目经理',
  '运维工程师',
  '客户经理',
  '行政专员',
  '数据分析师',
];

/** ISO date (YYYY-MM-DD) of a Date in UTC. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The same month-day in another year; 29 February falls back to the 28th in common years. */
export function sameDayInYear(today: Date, year: number): string {
  const month = today.getUTCMonth();
  const day = today.getUTCDate();
  const candidate = new Date(Date.UTC(year, month, day));
  return isoDay(candidate.getUTCMonth() === month ? candidate : new Date(Date.UTC(year, month, 28)));
}
