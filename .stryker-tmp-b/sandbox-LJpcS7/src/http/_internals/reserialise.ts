/**
 * Rebuilding JSON bytes from a parsed value, for recordings that kept only the parsed
 * body (pydantic-ai's `parsed_body`). The exact bytes are gone; what can be recovered is
 * the value in the recording's key order, in the spacing of one of the two serialisers
 * Python HTTP clients use, with floats written as the recording wrote them (1.0 stays
 * 1.0). The recorded content-length says which spacing it was.
 */
// @ts-nocheck

import { parse, type ScalarTag } from 'yaml';
import type { Reserialised } from '../cassette.ts';

/** A float as its recording wrote it: JavaScript numbers would turn 1.0 into 1. */
export class FloatText {
  constructor(readonly text: string) {}
}

/** YAML with floats kept as {@link FloatText}. */
export function parseYamlKeepingFloats(text: string): unknown {
  return parse(text, {
    customTags: (tags) =>
      tags.map((tag) => (typeof tag === 'object' && tag.tag === 'tag:yaml.org,2002:float' ? ({ ...tag, resolve: (source: string) => new FloatText(source) } as ScalarTag) : tag)),
  });
}

type JsonStyle = Reserialised['style'];

export function serialiseJson(value: unknown, style: JsonStyle): string {
  const [comma, colon] = style === 'python' ? [', ', ': '] : [',', ':'];
  const write = (v: unknown): string => {
    if (v instanceof FloatText) return pythonFloat(v.text);
    if (Array.isArray(v)) return `[${v.map(write).join(comma)}]`;
    if (typeof v === 'object' && v !== null) return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}${colon}${write(x)}`).join(comma)}}`;
    return JSON.stringify(v) ?? 'null';
  };
  const text = write(value);
  // Python's default json.dumps escapes everything outside printable ASCII.
  return style === 'python' ? text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : text;
}

/** The bytes of `value` in the style whose length equals `recordedLength`, else compact. */
export function reserialise(value: unknown, recordedLength: number | undefined): { bytes: Uint8Array; reserialised: Reserialised } {
  for (const style of ['compact', 'python'] as const) {
    const bytes = Buffer.from(serialiseJson(value, style), 'utf8');
    if (bytes.byteLength === recordedLength) return { bytes, reserialised: { style, lengthMatches: true } };
  }
  const bytes = Buffer.from(serialiseJson(value, 'compact'), 'utf8');
  return { bytes, reserialised: recordedLength === undefined ? { style: 'compact' } : { style: 'compact', lengthMatches: false } };
}

// PyYAML writes 1e-05 as 1.0e-05 so that it reads back as a float; json.dumps writes 1e-05.
function pythonFloat(text: string): string {
  return text.replace(/^(-?\d+)\.0(e[-+]?\d+)$/i, '$1$2');
}
