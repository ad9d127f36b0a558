import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the slowest test files first (tests/support/file-durations.json), keeping each project that shares its worker
 * together: `component`, then `stories`, then the isolated projects' files merged, then `unit`.
 */
export default class DurationSequencer extends BaseSequencer {
  sort(files: TestSpecification[]): Promise<TestSpecification[]>;
}
