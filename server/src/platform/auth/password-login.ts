import type { Config } from '../config';
import { AppError } from '../errors';

export const PASSWORD_LOGIN_OFF = '本系统已关闭账号密码登录，请使用企业账号登录';

/**
 * With PASSWORD_LOGIN=0 a password is no way in (sign-in, reset codes), except for the break-glass
 * accounts of PASSWORD_LOGIN_USERS.
 */
export function assertPasswordLoginAllowed(config: Pick<Config, 'PASSWORD_LOGIN' | 'PASSWORD_LOGIN_USERS'>, userCode: string): void {
  if (config.PASSWORD_LOGIN === '0' && !config.PASSWORD_LOGIN_USERS.includes(userCode.trim().toLowerCase())) {
    throw new AppError(403, PASSWORD_LOGIN_OFF, '403');
  }
}
