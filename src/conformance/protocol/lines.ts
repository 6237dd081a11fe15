import type { Readable } from 'node:stream';

/**
 * Calls `onLine` with every complete line of `input` (UTF-8, split on "\n", a trailing
 * "\r" dropped, blank lines skipped): the framing of the stdio protocol.
 */
export function readLines(input: Readable, onLine: (line: string) => void): void {
  let rest = '';
  input.setEncoding('utf8');
  input.on('data', (chunk: string) => {
    rest += chunk;
    let start = 0;
    for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n', start)) {
      const line = rest.slice(start, rest[end - 1] === '\r' ? end - 1 : end);
      start = end + 1;
      if (line.trim() !== '') onLine(line);
    }
    rest = rest.slice(start);
  });
}
