import { LIVE_ACK, LIVE_SOCKET_PATH } from '@erp/contract';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Platform } from '../../platform/platform';
import { LiveChannel, LocalBus, RedisBus } from './live-channel';

/** Close codes: the reason text tells the client why. */
export const CLOSE_UNAUTHORISED = 4401;
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_TOO_MANY = 4429;
/** Open sockets per session and process: one per browser tab is plenty; a script cannot hold thousands. */
export const MAX_SOCKETS_PER_SESSION = 8;

/**
 * Browsers always send Origin on a websocket upgrade and a page cannot forge it: only the app's own
 * origin (the host the request was made to, or one behind a TRUST_PROXY proxy) may open a socket
 * with a user's token. Clients that are not browsers send none.
 */
export function sameOrigin(origin: string | undefined, host: string): boolean {
  if (origin === undefined) return true;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}
const SESSION_SWEEP_MS = 5 * 60_000;

/** Starts the live channel of this process and its websocket route. */
export async function setupLive(app: FastifyInstance, platform: Platform): Promise<LiveChannel> {
  const url = platform.config.REDIS_URL;
  const channelName = process.env.LIVE_REDIS_CHANNEL || 'erp:live';
  const bus = url ? await RedisBus.connect(url, channelName, (err) => platform.log.warn({ err: err.message }, 'live channel redis error')) : new LocalBus();
  const live = new LiveChannel(bus, platform.log);
  await live.start();
  platform.services.set('live', live);
  // Sessions that end (sign-out, expiry) lose their sockets within this time, heartbeat or not.
  const sweepTimer = setInterval(() => void live.sweep(async (t) => (await platform.sessions.resolve(t)) !== null, CLOSE_UNAUTHORISED), SESSION_SWEEP_MS);
  sweepTimer.unref();
  app.addHook('onClose', () => {
    clearInterval(sweepTimer);
    return live.close();
  });

  await app.register(websocket, { options: { maxPayload: 4096 } });
  const onRequest = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!sameOrigin(req.headers.origin, req.host)) return reply.code(403).send({ code: '403', message: '不允许的来源', data: null });
  };
  app.get<{ Params: { userCode: string; token: string } }>(`${LIVE_SOCKET_PATH}/:userCode/:token`, { websocket: true, onRequest }, (socket, req) => {
    // Frames can arrive before the token is checked: hold them until then.
    let userId: number | null = null;
    const { userCode, token } = req.params;
    const recheck = async () => {
      const user = await platform.sessions.resolve(token).catch(() => null);
      if (!user) {
        socket.close(CLOSE_UNAUTHORISED, 'session expired or invalid');
        return null;
      }
      return user;
    };
    socket.on('message', async (data) => {
      if (userId === null) return;
      const text = data.toString().slice(0, 200);
      if (!/"type"\s*:\s*"ping"/.test(text)) return;
      // The heartbeat also re-checks the session, so a revoked token does not keep its socket.
      if (await recheck()) socket.send(LIVE_ACK);
    });
    void (async () => {
      const user = await recheck();
      if (!user) return;
      if (user.userCode.toLowerCase() !== userCode.toLowerCase()) {
        socket.close(CLOSE_FORBIDDEN, 'token does not belong to this user');
        return;
      }
      if (live.socketsOfSession(user.userId, token) >= MAX_SOCKETS_PER_SESSION) {
        socket.close(CLOSE_TOO_MANY, 'too many sockets for this session');
        return;
      }
      userId = user.userId;
      live.attach(user.userId, socket, token);
      socket.send(LIVE_ACK);
    })();
  });
  return live;
}
