/**
 * Stand-in for `zod` inside the contract when it is bundled for the browser (see vite.config.ts).
 * The web uses the contract for call definitions (method, path, body kind) and for types; it
 * never validates with the schemas at runtime, so shipping zod (~30 KB gzip) and running every
 * schema constructor on start would only cost load time. Any schema built from this stub is an
 * inert chain; parsing with it fails loudly instead of silently passing.
 */
const PARSERS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'decode', 'encode', 'safeDecode', 'safeEncode']);

function fail(): never {
  throw new Error('contract schemas are types-only in the web bundle: validate forms with antd rules, or import zod directly in your screen');
}

function* nothing(): Generator<never> {}

const handler: ProxyHandler<() => void> = {
  get(_target, key) {
    if (key === Symbol.iterator) return nothing;
    if (key === Symbol.toPrimitive) return () => '';
    if (key === 'then') return undefined;
    if (typeof key === 'string' && PARSERS.has(key)) return fail;
    return inert;
  },
  apply: () => inert,
  construct: () => inert as object,
  ownKeys: () => [],
  has: () => false,
};

const inert: unknown = new Proxy(() => {}, handler);

export const z = inert;
export default inert;
