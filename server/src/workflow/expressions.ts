import jsep, { type Expression } from 'jsep';
import { compare, isEmpty, same } from './conditions';

/**
 * Condition expressions as Camunda and Flowable diagrams write them (`${amount > 1000 && dept == 'IT'}`),
 * parsed by jsep (a maintained expression parser, no code generation) and evaluated here by a small
 * whitelisted interpreter: literals, form fields by name, comparison, arithmetic, logic and the
 * conditional operator. No member access, no calls, no `this`: an expression reads the form fields
 * (own properties only) and nothing else. Everything else is refused at deploy with the reason.
 */

// JUEL's word operators (and, or, not, eq, ne, lt, gt, le, ge, empty) next to the C-style ones.
jsep.addBinaryOp('or', 1);
jsep.addBinaryOp('and', 2);
jsep.addBinaryOp('eq', 6);
jsep.addBinaryOp('ne', 6);
jsep.addBinaryOp('lt', 7);
jsep.addBinaryOp('gt', 7);
jsep.addBinaryOp('le', 7);
jsep.addBinaryOp('ge', 7);
jsep.addBinaryOp('div', 10);
jsep.addBinaryOp('mod', 10);
jsep.addUnaryOp('not');
jsep.addUnaryOp('empty');
// Bit operators mean nothing on a form; `in` is not JUEL.
for (const op of ['|', '^', '&', '<<', '>>', '>>>', '**', '??']) jsep.removeBinaryOp(op);
jsep.removeUnaryOp('~');

const BINARY = new Set([
  '||',
  'or',
  '&&',
  'and',
  '==',
  '===',
  'eq',
  '!=',
  '!==',
  'ne',
  '<',
  'lt',
  '>',
  'gt',
  '<=',
  'le',
  '>=',
  'ge',
  '+',
  '-',
  '*',
  '/',
  'div',
  '%',
  'mod',
]);
const UNARY = new Set(['!', 'not', '-', '+', 'empty']);
const MAX_CHARS = 2000;
const MAX_NODES = 200;

/** Variables a multi-instance completion condition may read. */
export const LOOP_VARS = ['nrOfInstances', 'nrOfCompletedInstances', 'nrOfActiveInstances', 'nrOfRejectedInstances'] as const;

/** Whether a condition body is written as an expression (`${…}` or `#{…}`) rather than our JSON. */
export const isExpression = (body: string) => /^[$#]\{[\s\S]*\}$/.test(body.trim());

/** The expression inside `${…}` / `#{…}` (or the text itself). */
export const unwrap = (body: string) => {
  const t = body.trim();
  return isExpression(t) ? t.slice(2, -1).trim() : t;
};

const cache = new Map<string, Expression>();

/**
 * Parses and checks an expression; answers the reason it cannot run, or the tree.
 * `allowed`: when given, the only identifiers the expression may name.
 */
export function checkExpression(source: string, allowed?: readonly string[]): { tree: Expression } | { error: string } {
  const text = unwrap(source);
  if (!text) return { error: '表达式为空' };
  if (text.length > MAX_CHARS) return { error: '表达式过长' };
  let tree: Expression;
  try {
    tree = jsep(text);
  } catch (err) {
    return { error: `表达式无法解析（${(err as Error).message}）` };
  }
  let count = 0;
  const problem = (n: Expression): string | undefined => {
    if (++count > MAX_NODES) return '表达式过于复杂';
    switch (n.type) {
      case 'Literal':
        return typeof n.value === 'object' && n.value !== null ? '不支持正则表达式' : undefined;
      case 'Identifier': {
        const name = String(n.name);
        if (name === 'this' || name === 'undefined') return `不能引用 ${name}`;
        if (allowed && !allowed.includes(name)) return `只能引用 ${allowed.join('、')}，不能引用 "${name}"`;
        return undefined;
      }
      case 'BinaryExpression':
        if (!BINARY.has(String(n.operator))) return `不支持运算符 ${String(n.operator)}`;
        return problem(n.left as Expression) ?? problem(n.right as Expression);
      case 'UnaryExpression':
        if (!UNARY.has(String(n.operator))) return `不支持运算符 ${String(n.operator)}`;
        return problem(n.argument as Expression);
      case 'ConditionalExpression':
        return problem(n.test as Expression) ?? problem(n.consequent as Expression) ?? problem(n.alternate as Expression);
      case 'MemberExpression':
        return '只能引用表单字段本身，不能访问属性或方法（如 execution.getVariable）';
      case 'CallExpression':
        return '不能调用函数或方法';
      case 'Compound':
        return '一个条件只能有一个表达式';
      default:
        return `不支持的写法（${n.type}）`;
    }
  };
  const error = problem(tree);
  if (error) return { error };
  return { tree };
}

function treeOf(source: string): Expression {
  let tree = cache.get(source);
  if (!tree) {
    const checked = checkExpression(source);
    if ('error' in checked) throw new Error(checked.error);
    tree = checked.tree;
    if (cache.size > 5000) cache.clear();
    cache.set(source, tree);
  }
  return tree;
}

const truthy = (v: unknown) => !(v === false || v === null || v === undefined || v === 0 || v === '' || Number.isNaN(v));
const num = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'boolean' ? Number(v) : Number.NaN;

function run(n: Expression, vars: Record<string, unknown>): unknown {
  switch (n.type) {
    case 'Literal':
      return n.value;
    case 'Identifier': {
      const name = String(n.name);
      // Own properties of the form only: never the prototype chain (constructor, __proto__ …).
      return Object.hasOwn(vars, name) ? vars[name] : undefined;
    }
    case 'UnaryExpression': {
      const v = run(n.argument as Expression, vars);
      switch (n.operator) {
        case '!':
        case 'not':
          return !truthy(v);
        case 'empty':
          return isEmpty(v);
        case '-':
          return -num(v);
        default:
          return num(v);
      }
    }
    case 'ConditionalExpression':
      return truthy(run(n.test as Expression, vars)) ? run(n.consequent as Expression, vars) : run(n.alternate as Expression, vars);
    case 'BinaryExpression': {
      const op = String(n.operator);
      if (op === '&&' || op === 'and') return truthy(run(n.left as Expression, vars)) && truthy(run(n.right as Expression, vars));
      if (op === '||' || op === 'or') return truthy(run(n.left as Expression, vars)) || truthy(run(n.right as Expression, vars));
      const a = run(n.left as Expression, vars);
      const b = run(n.right as Expression, vars);
      switch (op) {
        case '==':
        case '===':
        case 'eq':
          return same(a, b);
        case '!=':
        case '!==':
        case 'ne':
          return !same(a, b);
        case '<':
        case 'lt':
          return (compare(a, b) ?? 0) < 0;
        case '>':
        case 'gt':
          return (compare(a, b) ?? 0) > 0;
        case '<=':
        case 'le': {
          const c = compare(a, b);
          return c !== null && c <= 0;
        }
        case '>=':
        case 'ge': {
          const c = compare(a, b);
          return c !== null && c >= 0;
        }
        case '+':
          return typeof a === 'string' && !Number.isFinite(num(a)) ? `${a}${String(b ?? '')}` : num(a) + num(b);
        case '-':
          return num(a) - num(b);
        case '*':
          return num(a) * num(b);
        case '/':
        case 'div':
          return num(a) / num(b);
        default:
          return num(a) % num(b);
      }
    }
    default:
      return undefined;
  }
}

/** Evaluates a checked expression against the form (or the loop counters); true only for a truthy answer. */
export function evaluateExpression(source: string, vars: Record<string, unknown>): boolean {
  return truthy(run(treeOf(source), vars));
}
