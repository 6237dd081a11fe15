import { CACHE_ROUTING_PROPERTIES } from "./cache-routing.js";
import { FOLD_PROPERTIES } from "./fold.js";
import { HISTORY_PROPERTIES } from "./history.js";
import { LOG_PROPERTIES } from "./log.js";
import { LOOP_PROPERTIES } from "./loop.js";
import { REQUEST_PROPERTIES } from "./request.js";
import { WIRE_PROPERTIES } from "./wire.js";
/** Every property of the suite, weakest first: a broken log explains a broken loop, not the other way round. */
export const PROPERTIES = [
    ...LOG_PROPERTIES,
    ...FOLD_PROPERTIES,
    ...REQUEST_PROPERTIES,
    ...WIRE_PROPERTIES,
    ...CACHE_ROUTING_PROPERTIES,
    ...LOOP_PROPERTIES,
    ...HISTORY_PROPERTIES,
];
export { PropertyFailure } from "./_internals/failure.js";
