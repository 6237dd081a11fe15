// A Stryker ignorer: the prose of an error (its detail and hint, a failure's message) is for a
// person, not the protocol: implementations are compared by their codes, so a mutant that only
// changes the words can never be killed by the suite, and must not count against it. The code,
// the rule id and the location stay mutated.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

// The argument where the prose starts, by callee: (code, detail, options) or (rule, at, problem).
const PROSE_ARGUMENT = { ReconError: 1, refuse: 1, refusal: 1, refuseFormat: 1, formatRefusal: 1, refuseFork: 1, fail: 2 };
const PROSE_PROPERTIES = new Set(['message', 'hint', 'detail']);
// A module's own wrapper of those (`bad(rule, event, detail)`, `this.#malformed(rule, event, what)`): the
// argument that fills the parameter so named is prose as well, wherever it stands.
const PROSE_PARAMETERS = new Set(['detail', 'what', 'why', 'problem']);

/** The function `callee` names in this module: a function declared in scope, or a method of the class around a `this.…` call. */
function declarationOf(path, callee) {
  if (callee.type === 'Identifier') {
    const node = path.scope.getBinding(callee.name)?.path.node;
    return node?.type === 'FunctionDeclaration' ? node : undefined;
  }
  if (callee.type !== 'MemberExpression' || callee.computed || callee.object.type !== 'ThisExpression') return undefined;
  const key = (node) => (node.type === 'PrivateName' ? `#${node.id.name}` : node.type === 'Identifier' ? node.name : undefined);
  const name = key(callee.property);
  const body = path.findParent((p) => p.isClassBody())?.node.body ?? [];
  return body.find((member) => (member.type === 'ClassMethod' || member.type === 'ClassPrivateMethod') && key(member.key) === name);
}

/** The position of the prose parameter of the function `callee` names in this module, if it has one. */
function proseParameter(path, callee) {
  const declaration = declarationOf(path, callee);
  if (declaration === undefined) return undefined;
  const index = declaration.params.findIndex((param) => param.type === 'Identifier' && PROSE_PARAMETERS.has(param.name));
  return index < 0 ? undefined : index;
}

const nameOf = (node) => (node.type === 'Identifier' ? node.name : node.type === 'StringLiteral' ? node.value : node.type === 'MemberExpression' && !node.computed ? nameOf(node.property) : undefined);

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'message-prose', {
    shouldIgnore(path) {
      const parent = path.parentPath;
      if (parent === null) return undefined;
      const call = parent.isCallExpression() || parent.isNewExpression();
      if (call && path.listKey === 'arguments' && (path.key === PROSE_ARGUMENT[nameOf(parent.node.callee)] || path.key === proseParameter(parent, parent.node.callee))) {
        return 'error-message prose: implementations are compared by error code, never by wording';
      }
      // A `message` that is an object, a list, a shorthand or a field read from elsewhere is data (a Message, a copied failure), not prose.
      const data = parent.isObjectProperty() && (parent.node.shorthand || ['ObjectExpression', 'ArrayExpression', 'MemberExpression', 'OptionalMemberExpression'].includes(path.node.type));
      if (parent.isObjectProperty() && path.key === 'value' && !parent.node.computed && !data && PROSE_PROPERTIES.has(nameOf(parent.node.key))) {
        return 'error-message prose: implementations are compared by error code, never by wording';
      }
      return undefined;
    },
  }),
];
