import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The API files that take longest (servers as child processes, thousands of requests) start first. Vitest orders by
 * the last run's durations, which a clean clone (CI) does not have: it then goes by file size and started the longest
 * files last, the other worker idle while they finished. A file missing from the list only runs in its usual place.
 */
const LONGEST_FIRST = [
  'crash',
  'ksef',
  'hostile',
  'benchCoverage',
  'backup',
  'serverProcess',
  'database',
  'startup',
  'invoices',
].map((name) => `/apps/api/test/${name}.test.ts`);

const rank = (spec: TestSpecification) => {
  const index = LONGEST_FIRST.findIndex((suffix) => spec.moduleId.endsWith(suffix));
  return index < 0 ? LONGEST_FIRST.length : index;
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    const at = (spec: TestSpecification) => position.get(spec) ?? 0;
    // Within a project only (the base sort keeps each project's files together and in order).
    return [...sorted].sort((a, b) =>
      a.project.name !== b.project.name ? at(a) - at(b) : rank(a) - rank(b) || at(a) - at(b),
    );
  }
}
