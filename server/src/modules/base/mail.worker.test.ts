import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../platform/platform';
import { mailSender } from './mail.worker';

/** The smallest SMTP server that takes one mail at a time and keeps what it was sent. */
function fakeSmtp(): Promise<{ port: number; mails: string[]; close(): Promise<void> }> {
  const mails: string[] = [];
  const server = net.createServer((socket) => {
    let data: string | null = null;
    socket.write('220 fake ESMTP\r\n');
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            mails.push(data);
            data = null;
            socket.write('250 OK queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({ port, mails, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

describe('mail through SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  beforeAll(async () => {
    smtp = await fakeSmtp();
  });
  afterAll(() => smtp.close());

  it('sends each mail to the SMTP server (nodemailer loaded on the first one)', async () => {
    const platform = {
      config: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'no-reply@dingcai.example', dataDir: '/nonexistent' },
      log: { info: () => {} },
    } as unknown as Platform;
    const send = mailSender(platform);
    await send({ to: 'emp01@dingcai.example', subject: '验证码', text: '您的验证码是 123456' });
    await send({ to: 'hr01@dingcai.example', subject: 'second', text: 'two' });
    expect(smtp.mails).toHaveLength(2);
    expect(smtp.mails[0]).toContain('To: emp01@dingcai.example');
    expect(smtp.mails[0]).toContain('From: no-reply@dingcai.example');
    expect(smtp.mails[1]).toContain('Subject: second');
  });
});
