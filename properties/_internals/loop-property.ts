import { withDeclaredFeatures, type Scenario } from '../../src/contract/index.ts';
import type { Property } from './property.ts';

/**
 * A loop property plays each scenario with only the optional features the implementation
 * declared (scenario.ts): an adapter that predates a feature is checked on the rest of the
 * case, never failed for what it cannot script.
 */
export function loopProperty(property: Property<Scenario>): Property<Scenario> {
  return { ...property, check: (impl, s) => property.check(impl, withDeclaredFeatures(s, impl.info.scenarioFeatures)) };
}
