/**
 * One journey in steps, each going on from where the one before stopped: `journey(name, run)` runs a step, and throws
 * without running it when an earlier step failed (naming that step).
 */
export function stepsOfOneJourney(): (name: string, run: () => Promise<void>) => Promise<void> {
  let stoppedAt = '';
  return async (name, run) => {
    if (stoppedAt) throw new Error(`An earlier step of the journey failed (${stoppedAt})`);
    try {
      await run();
    } catch (error) {
      stoppedAt = name;
      throw error;
    }
  };
}
