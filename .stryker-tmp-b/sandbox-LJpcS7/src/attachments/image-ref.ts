/**
 * The reference an `image` content block carries (dsh-eras §5.1): the object's content
 * address and the metadata recorded when it was admitted, which every read verifies.
 */
// @ts-nocheck

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

export type ImageAttachmentRef = {
  readonly attachmentId: string;
  readonly mediaType: ImageMediaType;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
  readonly name?: string;
  /** 0.1.1-rc.2: present only when normalisation shrank the image. */
  readonly originalDimensions?: { readonly width: number; readonly height: number };
};

/** `sha256:` and 64 lowercase hex digits: the one id form a store reads. */
export const ATTACHMENT_ID = /^sha256:([a-f0-9]{64})$/;

/** The hex digest of an attachment id, or undefined when the id is not one. */
export function digestOf(attachmentId: unknown): string | undefined {
  return typeof attachmentId === 'string' ? ATTACHMENT_ID.exec(attachmentId)?.[1] : undefined;
}

export function isImageMediaType(value: unknown): value is ImageMediaType {
  return typeof value === 'string' && (IMAGE_MEDIA_TYPES as readonly string[]).includes(value);
}
