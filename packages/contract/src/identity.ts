/**
 * Identity documents (spec 001 §5): the resident ID card is checked in full — 15 or 18 digits,
 * province code, a real birthday giving an age of 1 to 150, and the ISO 7064 MOD 11-2 check digit
 * of an 18-digit number; the other types by pattern. Shared by the forms and the server, so both
 * give the same message for the same number.
 */
export const ID_TYPE = { residentCard: '001', passport: '002', officerCard: '003', hkMacauPass: '004' } as const;

export const ID_MSG = {
  required: '请输入证件号码',
  length: '身份证号码长度应为15位或18位',
  format: '身份证号码格式不正确',
  province: '身份证号码地区编码不正确',
  birthday: '身份证号码出生日期不正确',
  checksum: '身份证号码校验位不正确',
  passport: '护照号码格式不正确',
  officerCard: '军官证号码格式不正确',
  hkMacauPass: '港澳通行证号码格式不正确',
  type: '请选择证件类型',
  untyped: '证件号码格式不正确',
} as const;

/** First two digits of a resident ID: the province-level region (GB/T 2260). */
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 91,
]);
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CODES = '10X98765432';

const PATTERNS: Record<string, { re: RegExp; message: string }> = {
  [ID_TYPE.passport]: { re: /^(?:[EGDSPH]\d{8}|E[A-Z]\d{7}|[A-Z]{1,2}\d{6,9})$/, message: ID_MSG.passport },
  [ID_TYPE.officerCard]: { re: /^(?:[\u4e00-\u9fa5]{1,4}字第\d{4,8}号|\d{6,12})$/, message: ID_MSG.officerCard },
  [ID_TYPE.hkMacauPass]: { re: /^(?:[CW]\d{8}|C[A-Z]\d{7}|[HM]\d{8,10})$/, message: ID_MSG.hkMacauPass },
};

/** The ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function idCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] as number);
  return CHECK_CODES[sum % 11] as string;
}

interface IdFacts {
  birthday: string;
  /** GENDER dictionary: 1 male, 2 female. */
  gender: '1' | '2';
}

function birthdayOf(number: string): { y: number; m: number; d: number } {
  if (number.length === 15) return { y: 1900 + Number(number.slice(6, 8)), m: Number(number.slice(8, 10)), d: Number(number.slice(10, 12)) };
  return { y: Number(number.slice(6, 10)), m: Number(number.slice(10, 12)), d: Number(number.slice(12, 14)) };
}

/** What an error-free resident ID number tells: birthday (YYYY-MM-DD) and gender (odd sequence digit: male). */
export function residentIdFacts(number: string): IdFacts | null {
  if (checkIdNumber(ID_TYPE.residentCard, number) !== null) return null;
  const n = number.toUpperCase();
  const { y, m, d } = birthdayOf(n);
  const sequence = Number(n.length === 15 ? n[14] : n[16]);
  return { birthday: `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, gender: sequence % 2 === 1 ? '1' : '2' };
}

/** null when the number is valid for its type, else the message users see. `today` for the age check. */
export function checkIdNumber(type: string, raw: string, today = new Date()): string | null {
  const number = raw.trim().toUpperCase();
  if (!number) return ID_MSG.required;
  if (type !== ID_TYPE.residentCard) {
    const p = PATTERNS[type];
    if (!p) return ID_MSG.type;
    return p.re.test(number) ? null : p.message;
  }
  if (number.length !== 15 && number.length !== 18) return ID_MSG.length;
  if (number.length === 15 ? !/^\d{15}$/.test(number) : !/^\d{17}[\dX]$/.test(number)) return ID_MSG.format;
  if (!PROVINCES.has(Number(number.slice(0, 2)))) return ID_MSG.province;
  const { y, m, d } = birthdayOf(number);
  const born = new Date(Date.UTC(y, m - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d) return ID_MSG.birthday;
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() < m - 1 || (today.getUTCMonth() === m - 1 && today.getUTCDate() < d)) age -= 1;
  if (age < 1 || age > 150) return ID_MSG.birthday;
  if (number.length === 18 && idCheckDigit(number.slice(0, 17)) !== number[17]) return ID_MSG.checksum;
  return null;
}

/** A sensitive value as people without the view-sensitive permission see it: `110***********1234`. */
export function maskMiddle(value: string | null | undefined, keepStart = 3, keepEnd = 4): string | null {
  if (value === null || value === undefined || value === '') return value ?? null;
  if (value.length <= keepStart + keepEnd) return '*'.repeat(value.length);
  return `${value.slice(0, keepStart)}${'*'.repeat(value.length - keepStart - keepEnd)}${value.slice(-keepEnd)}`;
}

/**
 * An ID number kept without its type (a talent's 证件号, as a résumé or a recruiter gives it): digits
 * (the last may be X) as long as a resident ID are checked as one; anything else must fit one of the
 * other types' patterns. null when it passes (or is empty), else the message users see.
 */
export function checkUntypedIdNumber(raw: string, today = new Date()): string | null {
  const number = raw.trim().toUpperCase();
  if (!number) return null;
  if (/^\d{13,}X?$/.test(number)) return checkIdNumber(ID_TYPE.residentCard, number, today);
  return Object.values(PATTERNS).some((p) => p.re.test(number)) ? null : ID_MSG.untyped;
}
