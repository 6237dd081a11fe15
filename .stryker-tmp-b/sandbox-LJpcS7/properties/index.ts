// @ts-nocheck
import { CACHE_ROUTING_PROPERTIES } from './cache-routing.ts';
import { FOLD_PROPERTIES } from './fold.ts';
import { FORK_PROPERTIES } from './fork.ts';
import { HISTORY_PROPERTIES } from './history.ts';
import { LOG_PROPERTIES } from './log.ts';
import { LOOP_PROPERTIES } from './loop.ts';
import { OBSERVED_WIRE_PROPERTIES } from './observed-wire.ts';
import { REAL_LOG_PROPERTIES } from './real-logs.ts';
import { SESSION_PREFIX_PROPERTIES } from './session-prefix.ts';
import { REQUEST_PROPERTIES } from './request.ts';
import { WIRE_PROPERTIES } from './wire.ts';
import type { AnyProperty } from './_internals/property.ts';

/** Every property of the suite, weakest first: a broken log explains a broken loop, not the other way round. */
export const PROPERTIES: readonly AnyProperty[] = [
  ...LOG_PROPERTIES,
  ...FORK_PROPERTIES,
  ...FOLD_PROPERTIES,
  ...REAL_LOG_PROPERTIES,
  ...REQUEST_PROPERTIES,
  ...WIRE_PROPERTIES,
  ...CACHE_ROUTING_PROPERTIES,
  ...LOOP_PROPERTIES,
  ...SESSION_PREFIX_PROPERTIES,
  ...OBSERVED_WIRE_PROPERTIES,
  ...HISTORY_PROPERTIES,
];

export { PropertyFailure } from './_internals/failure.ts';
export type { AnyProperty, Property, RegressionCodec, RegressionPayload } from './_internals/property.ts';
export { forEra, inEra } from './session-prefix.ts';
