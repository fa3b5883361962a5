// npm test runs this folder's suites a few to a test file (@mechabrim/testing's runSuiteGroup says why).
import { runSuiteGroup } from '@mechabrim/testing';

runSuiteGroup(__filename);
