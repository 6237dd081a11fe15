// @ts-nocheck
import { playedFeatures, withDeclaredFeatures, type Level, type Scenario } from '../../src/contract/index.ts';
import type { Property } from './property.ts';

/**
 * A loop property plays each scenario with only the optional features the implementation
 * declared (scenario.ts): an adapter that predates a feature is checked on the rest of the
 * case, never failed for what it cannot script.
 */
export function loopProperty<L extends Level>(property: Property<Scenario, L>): Property<Scenario, L> {
  return { ...property, playsScenarios: true, check: (impl, s) => property.check(impl, withDeclaredFeatures(s, playedFeatures(impl.info))) };
}
