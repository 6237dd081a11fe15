// @ts-nocheck
export { ATTACHMENT_ID, IMAGE_MEDIA_TYPES, digestOf, isImageMediaType, type ImageAttachmentRef, type ImageMediaType } from './image-ref.ts';
export { probeImage, type ImageHeader } from './probe-image.ts';
export { DirectoryAttachmentStore, MemoryAttachmentStore, defaultStoreRoot, sha256Hex, type AttachmentStore } from './attachment-store.ts';
export { ATTACHMENT_RULES, type AttachmentRuleId } from './rules.ts';
