import { z } from 'zod';
import { id, isoDate, isoDateTime, pageOf, text, ZPageRequest } from '../common';
import { defineCall } from '../define';

/** Material category of the profile photo (spec 000 §3). */
export const AVATAR_CATEGORY = '040';
/** Longest time-capsule note (spec 000 §9). */
export const CAPSULE_MAX = 100;
/** Days shown in the anniversary greeting: 365 × years (spec 000 §2). */
export const anniversaryDays = (years: number) => years * 365;

/** Greeting facts of the signed-in user for the dialogs after sign-in. */
export const ZGreetingInfo = z.object({
  /** True only for the first greeting request of this session: the dialogs show once per session. */
  isFirstLogin: z.boolean(),
  /** Full years of service when today is the anniversary of the entry date, else null. */
  year: z.number().int().nullable(),
  /** 365 × year, for the anniversary text. */
  days: z.number().int().nullable(),
  /** Birth date (YYYY-MM-DD) or null; the birthday dialog shows when its month-day is today. */
  birthday: isoDate().nullable(),
  isBirthday: z.boolean(),
  entryDate: isoDate().nullable(),
  realName: z.string(),
  /** Today (YYYY-MM-DD) as the server counts it. */
  today: isoDate(),
});
export type GreetingInfo = z.output<typeof ZGreetingInfo>;

export const ZProfile = z.object({
  userId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  employeeId: z.number().int().nullable(),
  position: z.string().nullable(),
  orgName: z.string().nullable(),
  entryDate: isoDate().nullable(),
  isCapsule: z.boolean(),
  /** File group of the current profile photo (material 040), if any. */
  avatarFileId: z.string().nullable(),
});
export type Profile = z.output<typeof ZProfile>;

export const ZBirthdayPerson = z.object({
  userId: z.number().int(),
  employeeId: z.number().int(),
  userCode: z.string(),
  realName: z.string(),
  orgName: z.string().nullable(),
  /** Month-day only (MM-DD): the year of birth is not shown to colleagues. */
  birthday: z.string(),
  isToday: z.boolean(),
  /** The signed-in user already sent a blessing today. */
  blessed: z.boolean(),
  /** Blessings received today. */
  blessCount: z.number().int(),
});
export type BirthdayPerson = z.output<typeof ZBirthdayPerson>;

export const ZCapsule = z.object({
  id: z.number().int(),
  year: z.number().int(),
  content: z.string(),
  createTime: isoDateTime(),
  /** False once this year's note was written (it can be changed once a year). */
  canEdit: z.boolean(),
});
export type Capsule = z.output<typeof ZCapsule>;

export const ZMaterial = z.object({ id: z.number().int(), employeeId: z.number().int(), category: z.string(), fileId: z.string() });

/** A user id sent as a form field by the old clients; always the signed-in user's own. */
const ZUserIdField = z.object({ userId: text(32).optional() }).passthrough();

export const greetingCalls = {
  getFirstLoginInfo: defineCall({
    method: 'POST',
    path: '/base_api/base/api/login/getFirstLoginInfo',
    requestKind: 'multipart',
    request: ZUserIdField,
    data: ZGreetingInfo,
    permission: 'login',
    summary: 'Birthday and anniversary facts of the signed-in user; isFirstLogin is true once per session',
    fromSpec: true,
  }),
  getUserInfo: defineCall({
    method: 'POST',
    path: '/base_api/base/api/login/getUserInfo',
    requestKind: 'multipart',
    request: ZUserIdField,
    data: ZProfile,
    permission: 'login',
    summary: "The signed-in user's profile: position, department, entry date, capsule and photo",
    fromSpec: true,
  }),
  birthdayEmployeeList: defineCall({
    method: 'POST',
    path: '/base_api/base/api/birthday/getEmployeeList',
    requestKind: 'json',
    request: ZPageRequest.extend({ month: z.coerce.number().int().min(1).max(12).optional(), keyword: text(64).optional() }),
    data: pageOf(ZBirthdayPerson),
    permission: 'login',
    summary: 'Colleagues on duty with a birthday in a month (default: this month), by day',
    fromSpec: true,
  }),
  birthdayCurrentDayList: defineCall({
    method: 'POST',
    path: '/base_api/base/api/birthday/getCurrentDayList',
    requestKind: 'json',
    request: z.object({}).passthrough(),
    data: z.array(ZBirthdayPerson),
    permission: 'login',
    summary: 'Colleagues on duty whose birthday is today',
    fromSpec: true,
  }),
  blessing: defineCall({
    method: 'POST',
    path: '/base_api/base/api/birthday/blessing',
    requestKind: 'json',
    request: z.object({ userId: id(), content: z.string().trim().max(200).optional() }),
    data: z.object({ id: z.number().int() }),
    permission: 'login',
    write: true,
    summary: 'Send a birthday blessing (a message) to a colleague whose birthday is today; once a day',
    fromSpec: true,
  }),
  getReplenishPresonInfo: defineCall({
    method: 'POST',
    path: '/hr_api/hrm/api/personCenter/getReplenishPresonInfo',
    requestKind: 'json',
    request: z.object({ id: id().optional(), employeeId: id().optional() }).passthrough(),
    data: z.object({ id: z.number().int(), employeeId: z.number().int(), position: z.string().nullable(), isCapsule: z.boolean() }),
    permission: 'login',
    summary: "Extra info of the signed-in user's employee record: position and whether this year's capsule is written",
    fromSpec: true,
  }),
  saveCapsule: defineCall({
    method: 'POST',
    path: '/hr_api/hrm/api/personCenter/saveCapsule',
    requestKind: 'json',
    request: z
      .object({
        content: z.string().trim().min(1, '请填写').max(CAPSULE_MAX),
        isCapsule: z.union([z.boolean(), z.string().max(8)]).optional(),
        userId: z.union([z.number(), z.string().max(32)]).optional(),
      })
      .passthrough(),
    data: ZCapsule,
    permission: 'login',
    write: true,
    summary: "Write this year's time-capsule note (≤ 100 characters); it can be changed once a year",
    fromSpec: true,
  }),
  getTimeCapsule: defineCall({
    method: 'POST',
    path: '/hr_api/hrm/api/personCenter/getTimeCapsule',
    requestKind: 'json',
    request: z.object({}).passthrough(),
    data: ZCapsule.nullable(),
    permission: 'login',
    summary: "The signed-in user's latest time-capsule note, or null",
    fromSpec: true,
  }),
  getEmpIdByCode: defineCall({
    method: 'POST',
    path: '/hr_api/hrm/api/employee/getEmpIdByCode',
    requestKind: 'json',
    request: z.object({ userCode: text(64) }),
    data: z.object({ employeeId: z.number().int().nullable() }),
    permission: 'login',
    summary: 'The employee id of a user code (null when the user has no employee record)',
    fromSpec: true,
  }),
  getMaterialList: defineCall({
    method: 'POST',
    path: '/hr_api/hrm/api/employee/getMaterialByCategory',
    requestKind: 'json',
    request: z.object({ employeeId: id(), category: text(8).optional() }),
    data: z.array(ZMaterial),
    permission: 'login',
    summary: "Materials of an employee: one's own of any category, anyone's profile photo (040)",
    fromSpec: false,
  }),
  saveAvatar: defineCall({
    method: 'POST',
    path: '/hr_api/hrm/api/employee/saveAvatar',
    requestKind: 'json',
    request: z.object({ fileId: z.string().regex(/^[0-9a-f]{32}$/, 'fileId') }),
    // An account without an employee record keeps its photo on the account: no material row.
    data: ZMaterial.extend({ id: z.number().int().nullable(), employeeId: z.number().int().nullable() }),
    permission: 'login',
    write: true,
    summary: 'Set the profile photo of the signed-in user from an uploaded image group (material 040, or the account’s own without a record)',
    fromSpec: false,
  }),
} as const;
