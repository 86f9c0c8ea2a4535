import type { FastifyRequest } from 'fastify';

/** Messages are written in Chinese (the product text); English clients get these translations. */
const EN: Record<string, string> = {
  操作成功: 'Success',
  请先登录: 'Please sign in first',
  '您好！您的登录信息已过期，请您重新登录。': 'Your session has expired. Please sign in again.',
  没有权限执行此操作: 'You do not have permission to do this',
  记录不存在或已被删除: 'The record does not exist or was deleted',
  用户名或密码错误: 'Wrong user name or password',
  请求内容过大: 'The request body is too large',
  请求体不是有效的JSON: 'The request body is not valid JSON',
  不支持的请求内容类型: 'Unsupported content type',
  系统开小差了请稍后重试: 'The system is busy, please try again later',
  数据库暂时不可用请稍后重试: 'The database is unavailable, please try again later',
  服务正在停止请稍后重试: 'The server is stopping, please try again',
};

export function langOf(req: FastifyRequest): 'zh' | 'en' {
  const header = req.headers['accept-language'];
  return typeof header === 'string' && /^en\b/i.test(header) ? 'en' : 'zh';
}

export function localize(message: string, lang: 'zh' | 'en'): string {
  if (lang === 'zh') return message;
  return EN[message] ?? EN[message.replace(/[，。！,.!]/g, '')] ?? message;
}
