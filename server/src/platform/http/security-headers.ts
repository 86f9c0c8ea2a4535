import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The policy of every answer (pages, API, docs, errors). What each source is for:
 * - script-src 'self': the Vite bundle and Swagger UI's files; no inline script, no eval.
 * - style-src 'unsafe-inline': antd 6 (CSS-in-JS) and bpmn-js insert <style> elements and set style
 *   attributes at run time; a style cannot run script, and the bundle's own CSS is 'self'.
 * - img-src data: blob:: antd's and bpmn-js's inline SVG icons (the bpmn.io mark), Swagger UI's icons,
 *   and downloads the designer builds in the page.
 * - font-src data:: bpmn-font's icon font may be inlined by the bundler.
 * - connect-src 'self': API calls and the live channel (CSP 3 lets 'self' match ws:/wss: of our host).
 * - frame-src 'none': nothing is framed (PDFs are drawn by pdf.js, whose worker is 'self').
 * - frame-ancestors 'self': only our own pages may frame us (X-Frame-Options SAMEORIGIN for old browsers).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'none'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // Plain HTTP (a first start on localhost) must keep working: upgrading would break every asset.
  upgradeInsecureRequests: null,
};

/** Features the product never uses: no page of ours (or framed by us) may ask for them. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Browser security headers on every answer (helmet, plus Permissions-Policy, which helmet does not
 * set). HSTS only over TLS, as the request saw it: directly, or through a trusted proxy's
 * X-Forwarded-Proto (TRUST_PROXY).
 *
 * helmet's middleware is built once here. @fastify/helmet builds it again for every request (it
 * re-parses the policy each time, ~2 % of a list call's server time) to allow per-route options and
 * nonces, neither of which we use.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
    // Cross-origin isolation headers would block the PDF viewer and files opened by signed links.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    headers(req.raw, reply.raw, (err?: unknown) => {
      if (err) return done(err as Error);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });
  });
}
