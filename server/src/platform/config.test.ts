import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('settings', () => {
  it('defaults to local file storage and the Asia/Shanghai business zone', () => {
    const c = loadConfig({});
    expect(c.FILE_STORAGE).toBe('local');
    expect(c.BUSINESS_TIME_ZONE).toBe('Asia/Shanghai');
  });

  it('refuses S3 storage without a bucket and a zone that does not exist', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow('FILE_STORAGE=s3 needs S3_BUCKET');
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'erp' }).S3_BUCKET).toBe('erp');
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Mars/Olympus' })).toThrow('not an IANA time zone');
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'Europe/Berlin' }).BUSINESS_TIME_ZONE).toBe('Europe/Berlin');
  });

  it('takes the database pool size from DATABASE_POOL_SIZE (10 by default) and refuses nonsense', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).DATABASE_POOL_SIZE).toBe(6);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow();
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow();
  });
});

describe('a refused setting', () => {
  it('is one line naming the setting, what is wrong and a right value, with a URL password hidden', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid setting: PORT="abc": not a number \(e\.g\. PORT=8080\)$/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow('DATABASE_URL="not a url": not a postgres:// URL (e.g. DATABASE_URL=postgres://');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter2@h/erp' })).toThrow('DATABASE_URL="mysql://u:***@h/erp"');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0', LOG_LEVEL: 'loud' })).toThrow(
      'DATABASE_POOL_SIZE="0": must be at least 1 (e.g. DATABASE_POOL_SIZE=10); LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent',
    );
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBe('');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h:5432/erp' }).DATABASE_URL).toBe('postgresql://u@h:5432/erp');
  });
});

describe('settings of single sign-on, metrics and password sign-in', () => {
  it('leaves everything off by default', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PASSWORD_LOGIN: '1', PASSWORD_LOGIN_USERS: [], OIDC_USER_CLAIM: 'preferred_username', OIDC_SCOPES: 'openid profile email' });
    expect(c.OIDC_ISSUER).toBeUndefined();
    expect(c.METRICS_PORT).toBeUndefined();
  });

  it('wants an https issuer (http only on this host) with a client id, and single sign-on before passwords go', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'http://sso.example.com/realms/corp', OIDC_CLIENT_ID: 'erp' })).toThrow('must be https://');
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000', OIDC_CLIENT_ID: 'erp' }).OIDC_ISSUER).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ OIDC_ISSUER: 'https://sso.example.com/realms/corp' })).toThrow('OIDC_ISSUER needs OIDC_CLIENT_ID');
    expect(() => loadConfig({ PASSWORD_LOGIN: '0' })).toThrow('PASSWORD_LOGIN=0 needs OIDC_ISSUER');
    const c = loadConfig({
      OIDC_ISSUER: 'https://sso.example.com/realms/corp',
      OIDC_CLIENT_ID: 'erp',
      PASSWORD_LOGIN: '0',
      PASSWORD_LOGIN_USERS: ' Admin , ops ',
    });
    expect(c.PASSWORD_LOGIN_USERS).toEqual(['admin', 'ops']);
    expect(() => loadConfig({ OIDC_USER_CLAIM: 'a b' })).toThrow('a claim name');
  });

  it('refuses a metrics port equal to PORT and a short metrics token, without printing the token', () => {
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow('METRICS_PORT must differ from PORT');
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow('METRICS_TOKEN="***": must be at least 16');
  });
});
