import type { Property } from './_internals/property.ts';
/** Every property of the suite, weakest first: a broken log explains a broken loop, not the other way round. */
export declare const PROPERTIES: readonly Property<never>[];
export { PropertyFailure } from './_internals/failure.ts';
export type { Property, RegressionCodec, RegressionPayload } from './_internals/property.ts';
