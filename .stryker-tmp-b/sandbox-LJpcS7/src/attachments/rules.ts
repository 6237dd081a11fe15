/**
 * The checks of every attachment read, in the order they run (dsh-eras §5.2), each with
 * its code: the table the store refuses through, so the suite can hold each check to a
 * fault class that breaks it (test/properties/rule-enumeration.test.ts).
 */
// @ts-nocheck

import { ReconError, type AttachmentErrorCode } from '../errors.ts';

export const ATTACHMENT_RULES = {
  'attachment.id': { code: 'INVALID_ATTACHMENT_REF', rule: 'the attachment id is sha256: and 64 lowercase hex digits' },
  'attachment.metadata': { code: 'INVALID_ATTACHMENT_REF', rule: 'the reference records a media type of the four and positive byte length, width and height' },
  'attachment.present': { code: 'ATTACHMENT_NOT_FOUND', rule: 'the object is in the store' },
  'attachment.readable': { code: 'ATTACHMENT_READ_FAILED', rule: 'the object can be read' },
  'attachment.digest': { code: 'ATTACHMENT_CORRUPT', rule: 'the sha256 of the object is its id' },
  'attachment.header': { code: 'ATTACHMENT_CORRUPT', rule: "the object's header declares the recorded media type, width and height, and its length is the recorded byte length" },
} as const satisfies Record<string, { readonly code: AttachmentErrorCode; readonly rule: string }>;

export type AttachmentRuleId = keyof typeof ATTACHMENT_RULES;

/** The coded refusal of read check `id`. */
export function refuseRead(id: AttachmentRuleId, detail: string, hint?: string): never {
  throw new ReconError(ATTACHMENT_RULES[id].code, detail, { rule: id, ...(hint === undefined ? {} : { hint }) });
}
