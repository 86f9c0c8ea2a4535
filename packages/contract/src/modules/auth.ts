import { z } from 'zod';
import { id, requiredText, text } from '../common';
import { defineCall } from '../define';

/** The signed-in user as the web shell keeps it (spec 000 §3 "Login info"). */
export const ZSessionUser = z.object({
  user_name: z.string(),
  userId: z.number().int(),
  user_code: z.string(),
  realName: z.string(),
  /** Role strings `ROLE_<code>`; the client strips the first 5 characters to get role codes. */
  auths: z.array(z.string()),
  roleCodes: z.array(z.string()),
  personCategory: z.string(),
  outsource: z.string(),
  /** Button permission codes (buttonAuthIdenti) granted by the user's roles. */
  buttons: z.array(z.string()),
  orgId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  employeeId: z.number().int().nullable(),
  /** Signed in with a generated password: the web shows the password change before anything else. */
  mustChangePassword: z.boolean(),
});
export type SessionUser = z.output<typeof ZSessionUser>;

export const ZLoginAnswer = ZSessionUser.extend({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the idle timeout. */
  expires_in: z.number().int(),
});
export type LoginAnswer = z.output<typeof ZLoginAnswer>;

export const ZMenuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    menuId: z.number().int(),
    parentId: z.number().int().nullable(),
    path: z.string(),
    component: z.string(),
    name: z.string(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    redirect: z.string().nullable(),
    meta: z.object({ title: z.string(), icon: z.string().nullable(), appType: z.string() }),
    children: z.array(ZMenuNode),
  }),
);
export interface MenuNode {
  menuId: number;
  parentId: number | null;
  path: string;
  component: string;
  name: string;
  hidden: boolean;
  alwaysShow: boolean;
  redirect: string | null;
  meta: { title: string; icon: string | null; appType: string };
  children: MenuNode[];
}

export const ZButtonPermission = z.object({
  buttonAuthIdenti: z.string(),
  name: z.string(),
  /** 1 = allowed. */
  funcStatus: z.union([z.literal(1), z.literal(0)]),
});

export const ZSessionInfo = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session of this call. */
  current: z.boolean(),
});
export type SessionInfo = z.output<typeof ZSessionInfo>;

/**
 * A logout's answer: null, or for a session of single sign-on the address where the browser ends
 * the provider's session too (it comes back to /entry?status=logout).
 */
export const ZLogoutAnswer = z.object({ endSessionUrl: z.string() }).nullable();

export const ZSystemInfo = z.object({
  demoData: z.boolean(),
  /** Single sign-on with the company's provider is configured: /entry shows "使用企业账号登录". */
  sso: z.boolean(),
  /** False with PASSWORD_LOGIN=0: the password form is hidden (break-glass accounts open it with ?password=1). */
  passwordLogin: z.boolean(),
  /** Whom an unknown or disabled account of the provider should ask (OIDC_CONTACT). */
  ssoContact: z.string(),
});
export type SystemInfo = z.output<typeof ZSystemInfo>;

/** Where the browser starts single sign-on (`?redirect=` the in-app page to land on) and ends it on expiry. */
export const SSO_LOGIN_PATH = '/auth/sso/login';
export const SSO_LOGOUT_PATH = '/auth/sso/logout';

/** Sessions a user may hold at once; a new sign-in ends the oldest beyond this. */
export const MAX_SESSIONS_PER_USER = 10;

export const authCalls = {
  login: defineCall({
    method: 'POST',
    path: '/auth/oauth/token',
    requestKind: 'multipart',
    request: z.object({
      username: requiredText(64),
      password: z.string().min(1).max(128),
      grant_type: text(32).optional(),
      scope: text(64).optional(),
    }),
    data: ZLoginAnswer,
    permission: 'public',
    summary: 'Sign in with user name and password (multipart, urlencoded or JSON)',
    fromSpec: true,
  }),
  checkToken: defineCall({
    method: 'GET',
    path: '/auth/oauth/check_token',
    requestKind: 'query',
    request: z.object({ token: z.string().min(1).max(128) }),
    data: ZSessionUser,
    permission: 'public',
    summary: 'The user a token belongs to; HTTP 401 code 1004 when it is unknown, revoked or expired',
    fromSpec: true,
  }),
  logout: defineCall({
    method: 'POST',
    path: '/auth/oauth/logout',
    requestKind: 'json',
    request: z.object({}).passthrough(),
    data: ZLogoutAnswer,
    permission: 'login',
    write: true,
    beforePasswordChange: true,
    summary: "Revoke the current session token; a session of single sign-on also answers the provider's logout address",
    fromSpec: true,
  }),
  currentUser: defineCall({
    method: 'POST',
    path: '/auth/base/api/user/getUserByToken',
    requestKind: 'json',
    request: z.object({}).passthrough(),
    data: ZSessionUser,
    permission: 'login',
    beforePasswordChange: true,
    summary: 'The user of the bearer token (session restore)',
    fromSpec: false,
  }),
  userInfoById: defineCall({
    method: 'POST',
    path: '/auth/base/api/user/getUserInfoById',
    requestKind: 'json',
    request: z.object({ userId: id() }),
    data: ZSessionUser,
    permission: 'login',
    summary: 'Session data of a user by id: own id, or any with base:user:list',
    fromSpec: false,
  }),
  menuTree: defineCall({
    method: 'POST',
    path: '/auth/base/api/user/getAllMenuTreeByUser',
    requestKind: 'json',
    request: z.object({ userId: id().optional() }),
    data: z.array(ZMenuNode),
    permission: 'login',
    summary: "The signed-in user's menu tree (containers have component Layout)",
    fromSpec: true,
  }),
  functionsByUser: defineCall({
    method: 'POST',
    path: '/auth/base/api/user/getFunctionByUser',
    requestKind: 'json',
    request: z.object({ menuId: id(), userId: id().optional() }),
    data: z.array(ZButtonPermission),
    permission: 'login',
    summary: 'Button permissions of one menu for the signed-in user (funcStatus 1 = allowed)',
    fromSpec: true,
  }),
  updatePassword: defineCall({
    method: 'POST',
    path: '/base_api/base/api/user/updatePassWord',
    requestKind: 'json',
    request: z.object({ oldPassword: z.string().min(1).max(128), newPassword: z.string().min(1).max(128) }),
    data: z.null(),
    permission: 'login',
    write: true,
    beforePasswordChange: true,
    summary: "Change one's own password; other sessions of the user are revoked",
    fromSpec: true,
  }),
  mySessions: defineCall({
    method: 'POST',
    path: '/auth/base/api/user/sessions',
    requestKind: 'json',
    request: z.object({}).passthrough(),
    data: z.array(ZSessionInfo),
    permission: 'login',
    summary: "The signed-in user's live sessions (at most 10: a new sign-in ends the oldest), newest first",
    fromSpec: false,
  }),
  endSession: defineCall({
    method: 'POST',
    path: '/auth/base/api/user/endSession',
    requestKind: 'json',
    request: z.object({ id: id() }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Ends one of my sessions (signs that browser or device out)',
    fromSpec: false,
  }),
  systemInfo: defineCall({
    method: 'GET',
    path: '/base_api/base/api/anon/systemInfo',
    requestKind: 'query',
    request: z.object({}),
    data: ZSystemInfo,
    permission: 'public',
    summary: 'Facts the sign-in page shows: the demo data (with its known passwords), single sign-on and password sign-in',
    fromSpec: false,
  }),
} as const;

/** Password strength rule shared by the server and the forms. */
export const PASSWORD_RULE = {
  min: 8,
  max: 64,
  classes: 3,
  message: '密码长度为8-64位，且须包含大写字母、小写字母、数字、特殊字符中的至少三种',
} as const;

export function passwordStrongEnough(password: string): boolean {
  if (password.length < PASSWORD_RULE.min || password.length > PASSWORD_RULE.max) return false;
  const classes = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return classes >= PASSWORD_RULE.classes;
}
