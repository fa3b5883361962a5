import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default. A full run on 2 cores (Jest's two workers
// beside the journeys' servers) can take longer than that to answer a fake API and render, and a
// test then failed for the machine's load, not for the code. They wait up to 10 s: a passing
// test is as fast as before, only a failing one takes longer to say so. (5 s was not enough on a
// busy clean clone: a category search, 300 ms of debounce and one render, took longer there.)
configure({ asyncUtilTimeout: 10_000 });
