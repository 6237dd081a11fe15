// A Stryker ignorer: the prose of an error (its detail and hint, a failure's message) is for a
// person, not the protocol: implementations are compared by their codes, so a mutant that only
// changes the words can never be killed by the suite, and must not count against it. The code,
// the rule id and the location stay mutated.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

// The argument where the prose starts, by callee: (code, detail, options) or (rule, at, problem).
const PROSE_ARGUMENT = { ReconError: 1, refuse: 1, refusal: 1, refuseFormat: 1, formatRefusal: 1, refuseFork: 1, refuseHeader: 1, fail: 2 };
const PROSE_PROPERTIES = new Set(['message', 'hint', 'detail']);

const nameOf = (node) => (node.type === 'Identifier' ? node.name : node.type === 'StringLiteral' ? node.value : node.type === 'MemberExpression' && !node.computed ? nameOf(node.property) : undefined);

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'message-prose', {
    shouldIgnore(path) {
      const parent = path.parentPath;
      if (parent === null) return undefined;
      if ((parent.isCallExpression() || parent.isNewExpression()) && path.listKey === 'arguments' && path.key === PROSE_ARGUMENT[nameOf(parent.node.callee)]) {
        return 'error-message prose: implementations are compared by error code, never by wording';
      }
      if (parent.isObjectProperty() && path.key === 'value' && !parent.node.computed && PROSE_PROPERTIES.has(nameOf(parent.node.key))) {
        return 'error-message prose: implementations are compared by error code, never by wording';
      }
      return undefined;
    },
  }),
];
