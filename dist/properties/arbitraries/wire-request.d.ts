/**
 * Requests as a serializer receives them (`GenerateRequest`): messages of every role with
 * text of every class, reasoning, several tool calls and results (empty, several blocks,
 * errors), system prompt and tools present, empty or absent, and each config field
 * (effort of every provider's vocabulary and beyond, temperature, max tokens, stop,
 * session id, purpose) present or absent.
 */
import fc from 'fast-check';
import type { GenerateRequest } from '../../src/wire/index.ts';
/**
 * Requests for a provider whose reasoning efforts are `efforts`: mostly one of those,
 * sometimes another provider's (which must be refused), often none.
 */
export declare const generateRequest: (efforts: readonly string[]) => fc.Arbitrary<GenerateRequest>;
export declare function requestLabels(request: GenerateRequest): Record<string, boolean>;
