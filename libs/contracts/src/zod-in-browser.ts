import { z } from 'zod';

// Zod compiles object schemas with `new Function` when it can, and probes for that once; in the
// browser the pages' Content-Security-Policy (services/edge) allows no eval, so even the probe is
// reported as a violation. Front ends parse small bodies: the interpreted path is fast enough.
// Servers keep the compiled path.
if (typeof document !== 'undefined') z.config({ jitless: true });
