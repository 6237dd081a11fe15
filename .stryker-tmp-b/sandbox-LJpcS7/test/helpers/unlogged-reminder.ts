// @ts-nocheck
import type { Implementation } from '../../src/conformance/index.ts';
import { findMutant } from '../../src/conformance/mutants/catalog.ts';

/**
 * A harness like anthropics/claude-code #43657 (the catalog's reminder-sent-not-logged):
 * its loop, its log and the requests it reports are the reference's, but its HTTP client
 * puts a reminder message into every body on the way out, which nothing logs.
 */
export const unloggedReminderClient = (): Promise<Implementation> => findMutant('reminder-sent-not-logged').open();
