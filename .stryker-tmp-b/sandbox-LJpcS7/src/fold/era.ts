/**
 * The two published designs of the rule (dsh-eras §0). In the session-prefix era a loop
 * instance composes request-only messages once and records them in its header
 * (`messagePrefix`); a request is that prefix, then the messages derived from the events
 * before its `step/start` (§4.1). In the current era there is no prefix, and a request
 * derives from the whole log up to its dispatch, the step's entered batch included (§4.2).
 */
// @ts-nocheck
function stryNS_9fa48() {
  var g = typeof globalThis === 'object' && globalThis && globalThis.Math === Math && globalThis || new Function("return this")();
  var ns = g.__stryker__ || (g.__stryker__ = {});
  if (ns.activeMutant === undefined && g.process && g.process.env && g.process.env.__STRYKER_ACTIVE_MUTANT__) {
    ns.activeMutant = g.process.env.__STRYKER_ACTIVE_MUTANT__;
  }
  function retrieveNS() {
    return ns;
  }
  stryNS_9fa48 = retrieveNS;
  return retrieveNS();
}
stryNS_9fa48();
function stryCov_9fa48() {
  var ns = stryNS_9fa48();
  var cov = ns.mutantCoverage || (ns.mutantCoverage = {
    static: {},
    perTest: {}
  });
  function cover() {
    var c = cov.static;
    if (ns.currentTestId) {
      c = cov.perTest[ns.currentTestId] = cov.perTest[ns.currentTestId] || {};
    }
    var a = arguments;
    for (var i = 0; i < a.length; i++) {
      c[a[i]] = (c[a[i]] || 0) + 1;
    }
  }
  stryCov_9fa48 = cover;
  cover.apply(null, arguments);
}
function stryMutAct_9fa48(id) {
  var ns = stryNS_9fa48();
  function isActive(id) {
    if (ns.activeMutant === id) {
      if (ns.hitCount !== void 0 && ++ns.hitCount > ns.hitLimit) {
        throw new Error('Stryker: Hit count limit reached (' + ns.hitCount + ')');
      }
      return true;
    }
    return false;
  }
  stryMutAct_9fa48 = isActive;
  return isActive(id);
}
import { isRecord, type SessionEvent } from '../log/index.ts';
export const ERAS = ['current', 'session-prefix'] as const;
export type Era = (typeof ERAS)[number];

/**
 * Whether `event` shows its log was written in the session-prefix era: a header that names
 * a session prefix (empty included), or a type only that era wrote (`context/message` and
 * `prompt/blocked` went with the prefix, dsh-eras §1.2; `compact/*` lived on into the current
 * era until its rename, so it shows nothing). A log without any such event reads the same
 * under both boundaries, since that era appended nothing to the surface between
 * `step/start` and dispatch.
 */
export function isSessionPrefixEvidence(event: SessionEvent): boolean {
  if (stryMutAct_9fa48("0")) {
    {}
  } else {
    stryCov_9fa48("0");
    switch (event.type) {
      case stryMutAct_9fa48("1") ? "" : (stryCov_9fa48("1"), 'context/message'):
      case stryMutAct_9fa48("3") ? "" : (stryCov_9fa48("3"), 'prompt/blocked'):
        if (stryMutAct_9fa48("2")) {} else {
          stryCov_9fa48("2");
          return stryMutAct_9fa48("4") ? false : (stryCov_9fa48("4"), true);
        }
      case stryMutAct_9fa48("6") ? "" : (stryCov_9fa48("6"), 'request/header'):
        if (stryMutAct_9fa48("5")) {} else {
          stryCov_9fa48("5");
          {
            if (stryMutAct_9fa48("7")) {
              {}
            } else {
              stryCov_9fa48("7");
              const data = event.data;
              return stryMutAct_9fa48("10") ? isRecord(data) && isRecord(data['header']) || Object.hasOwn(data['header'], 'messagePrefix') : stryMutAct_9fa48("9") ? false : stryMutAct_9fa48("8") ? true : (stryCov_9fa48("8", "9", "10"), (stryMutAct_9fa48("12") ? isRecord(data) || isRecord(data['header']) : stryMutAct_9fa48("11") ? true : (stryCov_9fa48("11", "12"), isRecord(data) && isRecord(data[stryMutAct_9fa48("13") ? "" : (stryCov_9fa48("13"), 'header')]))) && Object.hasOwn(data[stryMutAct_9fa48("14") ? "" : (stryCov_9fa48("14"), 'header')], stryMutAct_9fa48("15") ? "" : (stryCov_9fa48("15"), 'messagePrefix')));
            }
          }
        }
      default:
        if (stryMutAct_9fa48("16")) {} else {
          stryCov_9fa48("16");
          return stryMutAct_9fa48("17") ? true : (stryCov_9fa48("17"), false);
        }
    }
  }
}

/** The era a log was written in, by its evidence (`current` when it has none). */
export function eraOf(events: readonly SessionEvent[]): Era {
  if (stryMutAct_9fa48("18")) {
    {}
  } else {
    stryCov_9fa48("18");
    return (stryMutAct_9fa48("19") ? events.every(isSessionPrefixEvidence) : (stryCov_9fa48("19"), events.some(isSessionPrefixEvidence))) ? stryMutAct_9fa48("20") ? "" : (stryCov_9fa48("20"), 'session-prefix') : stryMutAct_9fa48("21") ? "" : (stryCov_9fa48("21"), 'current');
  }
}