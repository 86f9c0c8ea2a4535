import { z } from 'zod';
import { id, text } from '../common';
import { defineCall } from '../define';

// ---------------------------------------------------------------------------------------------
// Dictionaries
// ---------------------------------------------------------------------------------------------

/** One dictionary value as forms and tables read it (spec 000 §3 "Dictionary option"). */
export const ZDictOption = z.object({
  id: z.number().int(),
  code: z.string(),
  codeName: z.string(),
  comments: z.string().nullable(),
  parentId: z.number().int().nullable(),
  /** Tag colour of status values: green, red, orange, blue, grey (null = plain text). */
  color: z.string().nullable(),
  /** Disabled values are not offered in forms but still label old records (only in `getDictInfo`/`info`). */
  enabled: z.boolean(),
});
export type DictOption = z.output<typeof ZDictOption>;

export const ZGetDictRequest = z.object({
  /** Dictionary type such as STATUS; an empty one answers "字典类型不能为空". */
  codeType: z.string().trim().max(64).default(''),
});
export const ZGetDictResponse = z.object({ codeType: z.string(), dictOutDtos: z.array(ZDictOption) });

// ---------------------------------------------------------------------------------------------
// Workbench shortcuts
// ---------------------------------------------------------------------------------------------

export const ZAppShortcut = z.object({
  menuId: z.number().int(),
  name: z.string(),
  title: z.string(),
  path: z.string(),
  icon: z.string().nullable(),
  sort: z.number().int(),
});
export type AppShortcut = z.output<typeof ZAppShortcut>;

/** Most shortcuts one user may pin to the workbench. */
export const MAX_APP_SHORTCUTS = 30;

/** Calls of the base module (base data and administration). */
export const baseCalls = {
  getDict: defineCall({
    method: 'POST',
    path: '/base_api/base/dictType/getDict',
    requestKind: 'json',
    request: ZGetDictRequest,
    data: ZGetDictResponse,
    permission: 'login',
    summary: 'Enabled values of one dictionary type, in order (cached; cleared on change)',
    fromSpec: true,
  }),
  getDicts: defineCall({
    method: 'POST',
    path: '/base_api/base/dictType/getDicts',
    requestKind: 'json',
    request: z.object({
      /** Several types at once: an array, or one comma-separated string. */
      codeTypes: z.union([z.array(text(64)).max(50), text(2000).transform((s) => s.split(','))]).optional(),
      codeType: z.union([z.array(text(64)).max(50), text(2000).transform((s) => s.split(','))]).optional(),
    }),
    /** Enabled values keyed by dictionary type; unknown types answer an empty list. */
    data: z.record(z.string(), z.array(ZDictOption)),
    permission: 'login',
    summary: 'Enabled values of several dictionary types in one call, keyed by type',
    fromSpec: true,
  }),
  saveAppIndexCustom: defineCall({
    method: 'POST',
    path: '/base_api/base/api/user/saveAppIndexCustom',
    requestKind: 'json',
    request: z.object({
      /** The user's workbench shortcuts in display order (front applications the user's roles grant). */
      menuIds: z.array(id()).max(MAX_APP_SHORTCUTS),
    }),
    data: z.array(ZAppShortcut),
    permission: 'login',
    write: true,
    summary: "Replace the signed-in user's own workbench shortcuts (ordered); answers the saved list",
    fromSpec: true,
  }),
  getAppIndexCustomList: defineCall({
    method: 'GET',
    path: '/base_api/base/api/user/getAppIndexCustomList',
    requestKind: 'query',
    request: z.object({}).passthrough(),
    data: z.array(ZAppShortcut),
    permission: 'login',
    summary: "The signed-in user's workbench shortcuts in order (only applications still granted)",
    fromSpec: true,
  }),
} as const;
