// Jest's test order, with the integration suites' group files (`*.e2e-group.ts`) first. Each runs
// several suites, the longest test files of the run, yet is a few lines long: on a clean clone, with
// no timings cached yet, Jest orders files by size and would start them last, leaving one worker
// alone on the last group while the other had nothing left.
const { default: TestSequencer } = require('@jest/test-sequencer');
const { SUITE_GROUP_FILE: GROUP_FILE } = require('./node.cjs');

class GroupsFirst extends TestSequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    const groups = sorted.filter((test) => GROUP_FILE.test(test.path));
    return [...groups, ...sorted.filter((test) => !GROUP_FILE.test(test.path))];
  }
}

module.exports = GroupsFirst;
