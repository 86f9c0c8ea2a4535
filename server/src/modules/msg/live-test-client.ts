import WebSocket from 'ws';

/** A socket that records every text frame and how it closed. */
export function openSocket(url: string, userCode: string, token: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket/websocket/${userCode}/${token}`, { headers });
  const frames: string[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  ws.on('message', (data) => frames.push(data.toString()));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  const next = async (pred: (f: string) => boolean, ms = 5000): Promise<string> => {
    const start = Date.now();
    for (;;) {
      const hit = frames.find(pred);
      if (hit) {
        frames.splice(frames.indexOf(hit), 1);
        return hit;
      }
      if (Date.now() - start > ms) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /**
   * Resolves once every frame the server wrote to this socket before now has arrived: a ping is
   * answered after whatever was queued on the socket before it. Tests that something did not
   * arrive wait for this instead of a time.
   */
  const flush = async (): Promise<void> => {
    ws.send(JSON.stringify({ type: 'ping' }));
    await next((f) => f === 'pong');
  };
  return { ws, frames, closed, opened, next, flush };
}
