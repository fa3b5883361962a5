import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { CONTENT } from './content.he';

/** The demo accounts (also listed in tools/demo-data/README.md). */
export const DEMO_ACCOUNTS = {
  reader: {
    name: 'דנה לוי',
    email: 'reader@mechabrim.co.il',
    password: 'Reader#2025',
    role: 'user',
  },
  author: {
    name: 'נועה ברק',
    email: 'author@mechabrim.co.il',
    password: 'Author#2025',
    role: 'author',
  },
  admin: {
    name: 'מנהלת האתר',
    email: 'admin@mechabrim.co.il',
    password: 'Admin#2025!',
    role: 'admin',
  },
} as const;

/** Deterministic ObjectId for the n-th record of a kind: the same on every run. */
export function demoId(kind: string, n: number): Types.ObjectId {
  return new Types.ObjectId(
    createHash('sha1').update(`mechabrim-demo:${kind}:${n}`).digest('hex').slice(0, 24),
  );
}

/** Ids other seeds may build on (e.g. orders for the demo author's books). */
export const DEMO_IDS = {
  reader: demoId('account', 0),
  author: demoId('author', 0),
  admin: demoId('account', 2),
} as const;

/** The number of hand-written titles (17 per category). */
export const HANDWRITTEN_BOOKS = Object.values(CONTENT).reduce((n, c) => n + c.titles.length, 0);
