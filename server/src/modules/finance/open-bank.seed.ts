import type { SeedContext } from '../../db/seed/types';
import { openBanks } from './open-bank.schema';

/** The banks of the BANK dictionary: [dictionary code, registered name, CNAPS bank code]. */
const BANKS: Array<[string, string, string]> = [
  ['ICBC', '中国工商银行', '102'],
  ['ABC', '中国农业银行', '103'],
  ['BOC', '中国银行', '104'],
  ['CCB', '中国建设银行', '105'],
  ['BOCOM', '交通银行', '301'],
  ['CITIC', '中信银行', '302'],
  ['CEB', '中国光大银行', '303'],
  ['CMBC', '中国民生银行', '305'],
  ['CMB', '招商银行', '308'],
  ['CIB', '兴业银行', '309'],
  ['SPDB', '上海浦东发展银行', '310'],
  ['PSBC', '中国邮政储蓄银行', '403'],
];

/** [province, city, CNAPS city code, districts the sub-branches are named after]. */
const CITIES: Array<[string, string, string, string[]]> = [
  ['北京市', '北京', '1000', ['朝阳', '海淀', '东城', '西城']],
  ['天津市', '天津', '1100', ['和平', '河西', '南开']],
  ['上海市', '上海', '2900', ['浦东', '徐汇', '静安', '长宁']],
  ['重庆市', '重庆', '6530', ['渝中', '江北', '南岸']],
  ['河北省', '石家庄', '1210', ['长安', '桥西', '裕华']],
  ['辽宁省', '沈阳', '2210', ['和平', '沈河', '浑南']],
  ['辽宁省', '大连', '2220', ['中山', '西岗', '沙河口']],
  ['江苏省', '南京', '3010', ['玄武', '鼓楼', '建邺', '江宁']],
  ['江苏省', '苏州', '3050', ['姑苏', '工业园区', '吴中']],
  ['浙江省', '杭州', '3310', ['西湖', '滨江', '上城', '余杭']],
  ['浙江省', '宁波', '3320', ['海曙', '鄞州', '江北']],
  ['安徽省', '合肥', '3610', ['蜀山', '包河', '庐阳']],
  ['福建省', '福州', '3910', ['鼓楼', '台江', '仓山']],
  ['福建省', '厦门', '3930', ['思明', '湖里', '集美']],
  ['山东省', '济南', '4510', ['历下', '市中', '槐荫']],
  ['山东省', '青岛', '4520', ['市南', '市北', '崂山']],
  ['河南省', '郑州', '4910', ['金水', '二七', '中原']],
  ['湖北省', '武汉', '5210', ['江汉', '武昌', '洪山', '江岸']],
  ['湖南省', '长沙', '5510', ['芙蓉', '天心', '岳麓']],
  ['广东省', '广州', '5810', ['天河', '越秀', '海珠', '番禺']],
  ['广东省', '深圳', '5840', ['福田', '南山', '罗湖', '宝安']],
  ['四川省', '成都', '6510', ['锦江', '武侯', '高新', '青羊']],
  ['陕西省', '西安', '7910', ['雁塔', '碑林', '未央']],
];

/** Branches per bank and city besides the city branch itself. */
const SUB_BRANCHES = 2;

/** Check digit over the first 11 digits (weights 3,7,9 repeating, mod 10), so every code has 12 digits. */
function checkDigit(digits: string): string {
  const weights = [3, 7, 9];
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (weights[i % 3] as number), 0);
  return String((10 - (sum % 10)) % 10);
}

/**
 * Branches of the major banks in the big cities: each bank's city branch (分行) and two sub-branches
 * (支行) named after districts, numbered in the CNAPS layout (bank 3 + city 4 + branch 4 + check 1).
 * A sample for setting up and trying the product; production loads the official CNAPS list
 * (docs/operations.md).
 */
export function openBankRows() {
  const rows: Array<typeof openBanks.$inferInsert> = [];
  for (const [b, [bankCode, bankName, cnapsBank]] of BANKS.entries()) {
    for (const [c, [province, city, cityCode, districts]] of CITIES.entries()) {
      const branch = (seq: number, name: string) => {
        const first11 = `${cnapsBank}${cityCode}${String(seq).padStart(4, '0')}`;
        rows.push({ bankCode, bankName, branchName: `${bankName}股份有限公司${name}`, cnapsCode: `${first11}${checkDigit(first11)}`, province, city });
      };
      branch(1, `${city}分行`);
      for (let k = 0; k < SUB_BRANCHES; k++) {
        const district = districts[(b + c + k) % districts.length] as string;
        branch(10 + k * 7 + ((b + c) % 5), `${city}${district}支行`);
      }
    }
  }
  return rows;
}

/** Reference data every database gets (demo or not). */
export async function seedOpenBanks(ctx: SeedContext): Promise<void> {
  const rows = openBankRows();
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db
      .insert(openBanks)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}
