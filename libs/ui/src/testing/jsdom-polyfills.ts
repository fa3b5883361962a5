// jsdom lacks TextEncoder/TextDecoder, which react-router reads when it loads. Import this first
// in a component test that renders routes.
import { TextDecoder, TextEncoder } from 'node:util';

const g = globalThis as Record<string, unknown>;
if (!g.TextEncoder) g.TextEncoder = TextEncoder;
if (!g.TextDecoder) g.TextDecoder = TextDecoder;
