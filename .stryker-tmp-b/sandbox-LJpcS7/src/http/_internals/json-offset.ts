/**
 * Where a value sits in JSON text, in UTF-8 bytes: the offset just past the value at a
 * path of keys and indices (negative indices count from the end). Only the bytes of the
 * request as it went out can tell a harness author where to put a marker.
 */
// @ts-nocheck

export function endOfValue(text: string, path: readonly (string | number)[]): number | undefined {
  const scanner = new Scanner(text);
  try {
    const end = scanner.find(path);
    return end === undefined ? undefined : Buffer.byteLength(text.slice(0, end));
  } catch {
    return undefined; // not JSON: no offset to give
  }
}

// Sticky: each match starts where the scanner stands, so a scan stays linear in the text.
const STRING = /"(?:[^"\\]|\\.)*"/y;
const LITERAL = /-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null/y;

class Scanner {
  #at = 0;
  constructor(readonly text: string) {}

  /** The character offset past the value at `path`, scanning the value that starts here. */
  find(path: readonly (string | number)[]): number | undefined {
    this.#space();
    if (path.length === 0) {
      this.#skip();
      return this.#at;
    }
    const [step, ...rest] = path;
    const open = this.text[this.#at];
    if (open === '{' && typeof step === 'string') {
      for (const key of this.#members('}')) {
        if (key === step) return this.find(rest);
        this.#skip();
      }
      return undefined;
    }
    if (open === '[' && typeof step === 'number') {
      const starts: number[] = [];
      for (const _ of this.#members(']')) {
        this.#space();
        starts.push(this.#at);
        this.#skip();
      }
      const start = starts[step < 0 ? starts.length + step : step];
      if (start === undefined) return undefined;
      this.#at = start;
      return this.find(rest);
    }
    return undefined;
  }

  /** Walks an object's keys (yielding each, positioned at its value) or an array's elements. */
  *#members(close: '}' | ']'): Generator<string> {
    this.#at++;
    for (;;) {
      this.#space();
      if (this.text[this.#at] === close) {
        this.#at++;
        return;
      }
      if (this.text[this.#at] === ',') this.#at++;
      this.#space();
      if (close === '}') {
        const key = this.#string();
        this.#space();
        this.#at++; // the colon
        yield key;
      } else yield '';
    }
  }

  #skip(): void {
    this.#space();
    const c = this.text[this.#at];
    if (c === '{' || c === '[') {
      for (const _ of this.#members(c === '{' ? '}' : ']')) this.#skip();
      return;
    }
    if (c === '"') {
      this.#string();
      return;
    }
    LITERAL.lastIndex = this.#at;
    const literal = LITERAL.exec(this.text);
    if (literal === null) throw new SyntaxError(`no JSON value at ${this.#at}`);
    this.#at += literal[0].length;
  }

  #string(): string {
    STRING.lastIndex = this.#at;
    const match = STRING.exec(this.text);
    if (match === null) throw new SyntaxError(`no JSON string at ${this.#at}`);
    this.#at += match[0].length;
    return JSON.parse(match[0]) as string;
  }

  #space(): void {
    while (/\s/.test(this.text[this.#at] ?? '')) this.#at++;
  }
}
