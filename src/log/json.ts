import { refuse, type LogRuleId } from './rules.ts';

/** A value that survives `JSON.stringify` → `JSON.parse` unchanged (spec §1.4). */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

// The walkers below are iterative: a log may nest deeper than the call stack allows,
// and a rejection must then still be a coded error, not a RangeError.

/**
 * Validates `value` as lossless JSON and returns a deep copy that shares nothing with
 * the caller (spec §1.4). Throws NOT_LOSSLESS_JSON naming the path of the first bad value.
 */
export function snapshotJson<T extends JsonValue>(value: T, path?: string): T;
export function snapshotJson(value: unknown, path?: string): JsonValue;
// Stryker disable next-line StringLiteral: the path only words a refusal's message (the protocol compares codes, LOG-6.3), and every caller names it
export function snapshotJson(value: unknown, path = 'data'): JsonValue {
  // Stryker disable next-line ObjectLiteral: the first frame always assigns root.value before it is read
  const root = { value: undefined as unknown };
  const ancestors = new Set<object>();
  // A frame copies one container; `exit` frames take it off the ancestor path again.
  type Frame = { src: unknown; path: string; assign: (v: unknown) => void } | { exit: object };
  const stack: Frame[] = [{ src: value, path, assign: (v) => (root.value = v) }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if ('exit' in frame) {
      ancestors.delete(frame.exit);
      continue;
    }
    const { src, path: at } = frame;
    const scalar = checkScalar(src, at);
    if (scalar !== NOT_SCALAR) {
      frame.assign(src);
      continue;
    }
    const object = src as object;
    if (ancestors.has(object)) fail('json.cycle', at, 'is a cycle (an object that contains itself)');
    const kind = containerKind(object, at);
    ancestors.add(object);
    stack.push({ exit: object });
    if (kind === 'array') {
      const array = object as unknown[];
      // Stryker disable next-line ArrayDeclaration: the frames assign every index in rising order, so an empty array grows to the same dense copy
      const copy = new Array<unknown>(array.length);
      frame.assign(copy);
      // Stryker disable next-line StringLiteral: the path only words a refusal's message (the protocol compares codes, LOG-6.3)
      for (let i = array.length - 1; i >= 0; i--) stack.push({ src: array[i], path: `${at}[${i}]`, assign: (v) => (copy[i] = v) });
    } else {
      const copy: Record<string, unknown> = {};
      frame.assign(copy);
      const keys = Object.keys(object);
      // Keys are assigned in order once their values are known; `__proto__` stays plain data.
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        // Stryker disable next-line StringLiteral: the path only words a refusal's message (the protocol compares codes, LOG-6.3)
        stack.push({ src: (object as Record<string, unknown>)[key], path: `${at}.${key}`, assign: (v) => setOwn(copy, key, v) });
      }
    }
  }
  return root.value as JsonValue;
}

/**
 * Checks, in place, a value that `JSON.parse` just produced and deep-freezes it. Parsed
 * text can still hold what lossless JSON forbids: `-0` and numbers that overflow to
 * `Infinity`. Throws NOT_LOSSLESS_JSON naming the path.
 */
// Stryker disable next-line StringLiteral: the path only words a refusal's message (the protocol compares codes, LOG-6.3), and the loader names it
export function adoptParsedJson(value: unknown, path = 'data'): void {
  // Stryker disable next-line all: the loader adopts only an event checkEnvelope has shown to be an object; a bare scalar comes only from direct callers (test/log/json.test.ts)
  if (typeof value !== 'object' || value === null) {
    // Stryker disable next-line all: as above, never reached from the loader
    if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) fail(numberRule(value), path, numberProblem(value));
    return;
  }
  // Only containers go on the stack; numbers are checked where they are found, other leaves
  // skipped. One stack serves every call: the loader adopts a value per line.
  const stack = PENDING;
  let top = 0;
  stack[top++] = value;
  // Stryker disable next-line EqualityOperator: one more pop reads stack[-1], undefined, which freezing and for…in leave alone
  while (top > 0) {
    const item = stack[--top]!;
    Object.freeze(item);
    // Stryker disable next-line ConditionalExpression: for…in over a parsed array visits the same indices; the indexed loop is only faster
    if (Array.isArray(item)) {
      // Stryker disable next-line EqualityOperator: item[item.length] is undefined, which is skipped
      for (let i = 0; i < item.length; i++) {
        const child: unknown = item[i];
        if (typeof child === 'object') {
          // Stryker disable next-line ConditionalExpression: a null pushed is frozen and walked as nothing: Object.freeze(null) and for…in over null are no-ops
          if (child !== null) stack[top++] = child;
        } else if (typeof child === 'number' && (!Number.isFinite(child) || Object.is(child, -0))) badNumber(value, path);
      }
    } else {
      for (const key in item) {
        const child: unknown = (item as Record<string, unknown>)[key];
        if (typeof child === 'object') {
          // Stryker disable next-line ConditionalExpression: a null pushed is frozen and walked as nothing: Object.freeze(null) and for…in over null are no-ops
          if (child !== null) stack[top++] = child;
        } else if (typeof child === 'number' && (!Number.isFinite(child) || Object.is(child, -0))) badNumber(value, path);
      }
    }
  }
  // A huge value leaves a huge stack: let it go rather than keep it for the next line.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: only memory: entries above top are never read, so the stack may be cleared or kept at any size
  if (stack.length > 4096) stack.length = 0;
}

const PENDING: object[] = [];

function badNumber(root: unknown, path: string): never {
  PENDING.length = 0;
  const found = findBadNumber(root, path)!;
  return fail(numberRule(found[1]), found[0], numberProblem(found[1]));
}

// The slow path of adoptParsedJson: only a failing value needs its path spelled out.
function findBadNumber(value: unknown, path: string): [string, number] | undefined {
  const stack: Array<[unknown, string]> = [[value, path]];
  // Stryker disable next-line EqualityOperator: it is called only on a value holding a bad number, which is found before the stack runs empty
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    // Stryker disable next-line all: which value is reported only picks the rule and words the message, and both number rules are NOT_LOSSLESS_JSON (LOG-3.1; the protocol compares codes, LOG-6.3)
    if (typeof item === 'number' && (!Number.isFinite(item) || Object.is(item, -0))) return [at, item];
    if (typeof item !== 'object' || item === null) continue;
    // The walk order and the paths below only pick which bad number the message names; every one gives NOT_LOSSLESS_JSON.
    // Stryker disable next-line ConditionalExpression: an array walked by its keys gives the same values
    if (Array.isArray(item)) {
      // Stryker disable next-line all: order and path only word the message
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${at}[${i}]`]);
    } else {
      // Stryker disable next-line all: order and path only word the message
      for (const key of Object.keys(item).reverse()) stack.push([(item as Record<string, unknown>)[key], `${at}.${key}`]);
    }
  }
  return undefined;
}

/** Deep-freezes a JSON value (iteratively). Already frozen subtrees are skipped. */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    // Object.isFrozen is true of null and every primitive too: only unfrozen objects are walked.
    if (Object.isFrozen(item)) continue;
    Object.freeze(item);
    for (const key of Object.keys(item as object)) stack.push((item as Record<string, unknown>)[key]);
  }
  return value;
}

const NOT_SCALAR = Symbol('not scalar');

function checkScalar(value: unknown, at: string): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value) || Object.is(value, -0)) fail(numberRule(value), at, numberProblem(value));
      return value;
    case 'object':
      return value === null ? null : NOT_SCALAR;
    // Stryker disable next-line ConditionalExpression,StringLiteral: without its case undefined falls to json.type, the same code NOT_LOSSLESS_JSON; only the message differs
    case 'undefined':
      return fail('json.undefined', at, 'is undefined (omit an optional field instead of setting it to undefined)');
    default:
      return fail('json.type', at, `is a ${typeof value}, which JSON cannot carry`);
  }
}

function containerKind(value: object, at: string): 'array' | 'object' {
  const proto: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    // Array.prototype is itself an array in every realm; a subclass prototype is not.
    if (!Array.isArray(proto)) fail('json.array-subclass', at, 'is an array subclass instance');
    const keys = Reflect.ownKeys(value);
    if (keys.length !== value.length + 1) fail('json.sparse-array', at, 'is a sparse or decorated array');
    // Stryker disable next-line ConditionalExpression: without this check a hole reads as undefined, which checkScalar refuses with the same code (NOT_LOSSLESS_JSON); only the message differs
    for (let i = 0; i < value.length; i++) if (!Object.hasOwn(value, i)) fail('json.sparse-array', at, `is a sparse array (hole at index ${i})`);
    return 'array';
  }
  // Stryker disable next-line ConditionalExpression: Object.prototype passes isForeignObjectPrototype too; comparing it first is only the fast path
  if (proto !== null && proto !== Object.prototype && !isForeignObjectPrototype(proto as object)) {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    fail('json.plain-object', at, `is a ${typeof name === 'string' && name !== '' ? name : 'non-plain object'}, not a plain object`);
  }
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === 'symbol') fail('json.symbol-key', at, `has a symbol key ${String(key)}`);
    if (!Object.prototype.propertyIsEnumerable.call(value, key)) fail('json.enumerable-key', at, `has a non-enumerable key "${key}"`);
  }
  // Stryker disable next-line StringLiteral: the caller only tells 'array' from anything else
  return 'object';
}

// Object.prototype of another realm (a vm context, a worker's structured data).
function isForeignObjectPrototype(proto: object): boolean {
  if (Object.getPrototypeOf(proto) !== null) return false;
  const ctor = (proto as { constructor?: unknown }).constructor;
  return typeof ctor === 'function' && ctor.name === 'Object' && ctor.prototype === proto;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // Stryker disable next-line ConditionalExpression: on a fresh plain object, defining a key as below is assigning it
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      // Stryker disable next-line BooleanLiteral: every copy is deep-frozen before anyone reads it, so writable never shows
      writable: true,
      // Stryker disable next-line BooleanLiteral: as writable: frozen, the key is not configurable either way
      configurable: true,
    });
  } else target[key] = value;
}

// Stryker disable all: the wording of a refusal's message and which of the two number rules it names: both are NOT_LOSSLESS_JSON (LOG-3.1), and the protocol compares codes (LOG-6.3)
function numberProblem(value: number): string {
  if (Object.is(value, -0)) return 'is -0, which JSON writes as 0';
  return `is ${value}, which JSON cannot carry`;
}

function numberRule(value: number): LogRuleId {
  return Object.is(value, -0) ? 'json.negative-zero' : 'json.non-finite';
}
// Stryker restore all

function fail(rule: LogRuleId, at: string, problem: string): never {
  return refuse(rule, `${at} ${problem}`);
}
