// Drizzle's `is(value, type)`, as drizzle-orm/entity.js writes it, with the answer of its class walk
// remembered per class and entity kind. The server bundle uses this file in place of the package's
// own (server/build.mjs): building a query calls `is` for every chunk against up to ten classes, and
// each miss walked the chunk's class chain with symbol lookups — a fifth of the server's CPU under
// load (profile of the hours approval page), where a class's ancestry never changes. Same answers,
// same error; server/build/drizzle-entity.test.ts holds it to the original.
const entityKind = Symbol.for('drizzle:entityKind');
const hasOwnEntityKind = Symbol.for('drizzle:hasOwnEntityKind');
const walked = new WeakMap();

function is(value, type) {
  if (!value || typeof value !== 'object') {
    return false;
  }
  if (value instanceof type) {
    return true;
  }
  if (!Object.hasOwn(type, entityKind)) {
    throw new Error(
      `Class "${type.name ?? '<unknown>'}" doesn't look like a Drizzle entity. If this is incorrect and the class is provided by Drizzle, please report this as a bug.`,
    );
  }
  const cls = Object.getPrototypeOf(value).constructor;
  const kind = type[entityKind];
  if (typeof cls !== 'function') {
    return walk(cls, kind);
  }
  let known = walked.get(cls);
  if (known === undefined) {
    known = new Map();
    walked.set(cls, known);
  }
  let answer = known.get(kind);
  if (answer === undefined) {
    answer = walk(cls, kind);
    known.set(kind, answer);
  }
  return answer;
}

/** The original's walk up the class chain (a constructor that is not a function is walked as it does, uncached). */
function walk(cls, kind) {
  for (let c = cls; c; c = Object.getPrototypeOf(c)) {
    if (entityKind in c && c[entityKind] === kind) {
      return true;
    }
  }
  return false;
}

export { entityKind, hasOwnEntityKind, is };
