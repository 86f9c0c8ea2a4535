/**
 * Baseline of the live-channel benchmark: a bare `ws` server on Node's http server that accepts any
 * socket and, on POST /broadcast, sends the body to every open socket — no session check, no
 * database, no message stored. PORT from the environment.
 */
import http from 'node:http';
import { WebSocketServer } from 'ws';

const server = http.createServer((req, res) => {
  if (req.url === '/readyz') {
    res.end('{"ok":true}');
    return;
  }
  if (req.method === 'POST' && req.url === '/broadcast') {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      for (const socket of wss.clients) if (socket.readyState === 1) socket.send(body);
      res.end('{"code":"200"}');
    });
    return;
  }
  res.statusCode = 404;
  res.end();
});
const wss = new WebSocketServer({ server });
wss.on('connection', (socket) => socket.send('pong'));
server.listen(Number(process.env.PORT), '127.0.0.1');
