// @vitest-environment node
/**
 * Contract tests of the Claim area (docs/spec.md, Calls): the same scenarios, through the typed client, against
 * the in-memory fake and against the reference server; then the shapes (field names and value types)
 * and facts each recorded are compared step by step. See scenarios.ts.
 */
import { describe, expect, it } from 'vitest';
import { CONTRACT_STEPS, defineClaimAreaContract, newObservations } from './scenarios';
import { startFakeTarget, startServerTarget } from './targets';

const fake = newObservations();
const server = newObservations();

defineClaimAreaContract(startFakeTarget, 'fake', fake);
defineClaimAreaContract(startServerTarget, 'server', server);

describe('Claim area contract — the fake and the server agree', () => {
  it.each(CONTRACT_STEPS)('%s: same field names and value types', (step) => {
    expect(fake.shapes.has(step), `the fake recorded ${step}`).toBe(true);
    expect(server.shapes.has(step), `the server recorded ${step}`).toBe(true);
    expect(server.shapes.get(step)).toEqual(fake.shapes.get(step));
  });

  it('the same facts', () => {
    expect(fake.facts.size).toBeGreaterThan(0);
    expect(Object.fromEntries(server.facts)).toEqual(Object.fromEntries(fake.facts));
  });
});
