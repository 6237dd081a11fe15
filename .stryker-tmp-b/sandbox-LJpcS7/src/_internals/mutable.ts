/** `T` while it is being built: a draft whose optional fields are filled in key order, then frozen. */
// @ts-nocheck

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
