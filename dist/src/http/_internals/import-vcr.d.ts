/**
 * vcrpy / pytest-recording cassettes (and go-vcr's close cousin): YAML with
 * `interactions[].request/response`. Bodies come in four shapes: a raw string, bytes
 * (`!!binary`, compressed when the response was), absent, or pydantic-ai's
 * `parsed_body`, which keeps the decoded JSON and not the bytes.
 */
import { type Interaction } from '../cassette.ts';
export declare function interactionsFromVcr(document: unknown): Interaction[];
