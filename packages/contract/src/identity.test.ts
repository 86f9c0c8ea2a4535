import { describe, expect, it } from 'vitest';
import { checkIdNumber, checkUntypedIdNumber, ID_MSG, ID_TYPE, idCheckDigit, maskMiddle, residentIdFacts } from './identity';

const today = new Date(Date.UTC(2026, 10, 25));
const valid18 = (first17: string) => `${first17}${idCheckDigit(first17)}`;

describe('resident ID card', () => {
  it('accepts a correct 18-digit number and derives birthday and gender', () => {
    const n = valid18('11010519491231002');
    expect(checkIdNumber(ID_TYPE.residentCard, n, today)).toBeNull();
    expect(residentIdFacts(n)).toEqual({ birthday: '1949-12-31', gender: '2' });
    expect(checkIdNumber(ID_TYPE.residentCard, '11010519491231002X', today)).toBe(idCheckDigit('11010519491231002') === 'X' ? null : ID_MSG.checksum);
  });
  it('accepts a 15-digit number (born 19xx)', () => {
    expect(checkIdNumber(ID_TYPE.residentCard, '110105491231003', today)).toBeNull();
    expect(residentIdFacts('110105491231003')).toEqual({ birthday: '1949-12-31', gender: '1' });
  });
  it('refuses wrong length, characters, province, birthday, age and checksum with their messages', () => {
    expect(checkIdNumber('001', '1234', today)).toBe(ID_MSG.length);
    expect(checkIdNumber('001', '11010519491231A02X', today)).toBe(ID_MSG.format);
    expect(checkIdNumber('001', valid18('99010519491231002'), today)).toBe(ID_MSG.province);
    expect(checkIdNumber('001', valid18('11010519490231002'), today)).toBe(ID_MSG.birthday);
    expect(checkIdNumber('001', valid18('11010520261120002'), today)).toBe(ID_MSG.birthday); // age 0
    expect(checkIdNumber('001', valid18('11010518701231002'), today)).toBe(ID_MSG.birthday); // age 155
    const good = valid18('44030619900101123');
    const wrong = `${good.slice(0, 17)}${good[17] === '0' ? '1' : '0'}`;
    expect(checkIdNumber('001', wrong, today)).toBe(ID_MSG.checksum);
    expect(checkIdNumber('001', '  ', today)).toBe(ID_MSG.required);
  });
  it('checks the other document types by pattern', () => {
    expect(checkIdNumber(ID_TYPE.passport, 'E12345678')).toBeNull();
    expect(checkIdNumber(ID_TYPE.passport, '12')).toBe(ID_MSG.passport);
    expect(checkIdNumber(ID_TYPE.officerCard, '南字第12345号')).toBeNull();
    expect(checkIdNumber(ID_TYPE.officerCard, 'x')).toBe(ID_MSG.officerCard);
    expect(checkIdNumber(ID_TYPE.hkMacauPass, 'C12345678')).toBeNull();
    expect(checkIdNumber(ID_TYPE.hkMacauPass, 'Z1')).toBe(ID_MSG.hkMacauPass);
    expect(checkIdNumber('999', 'E12345678')).toBe(ID_MSG.type);
  });
});

describe('an ID number kept without its type (a talent)', () => {
  it("checks digits as long as a resident ID as one, anything else by the other types' patterns", () => {
    expect(checkUntypedIdNumber('110105199003070025')).toBeNull();
    expect(checkUntypedIdNumber('11010519900307005x')).toBeNull();
    expect(checkUntypedIdNumber('110105199003070026')).toBe(ID_MSG.checksum);
    expect(checkUntypedIdNumber('1234567890123')).toBe(ID_MSG.length);
    expect(checkUntypedIdNumber('E12345678')).toBeNull();
    expect(checkUntypedIdNumber('C12345678')).toBeNull();
    expect(checkUntypedIdNumber('12345678')).toBeNull();
    expect(checkUntypedIdNumber('???')).toBe(ID_MSG.untyped);
    expect(checkUntypedIdNumber('  ')).toBeNull();
  });
});

describe('masking', () => {
  it('keeps the first three and last four characters', () => {
    expect(maskMiddle('110105194912310021')).toBe('110***********0021');
    expect(maskMiddle('13812345678')).toBe('138****5678');
    expect(maskMiddle('123')).toBe('***');
    expect(maskMiddle(null)).toBeNull();
  });
});
