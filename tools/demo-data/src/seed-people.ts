import { randomBytes } from 'node:crypto';
import type { Types } from 'mongoose';
import { BOOK_CATEGORIES, type BookCategory } from '@mechabrim/contracts';
import { AUTHOR_PROFILE_MODEL, CATEGORY_MODEL, USER_MODEL, hashPassword } from '@mechabrim/db';
import { AUTHOR_BIOS, FIRST_NAMES, composedBio, type Gender } from './bios.he';
import { CITIES, LAST_NAMES } from './content.he';
import { DEMO_ACCOUNTS, DEMO_IDS, demoId } from './demo-accounts';
import {
  DAY,
  EPOCH,
  elementAt,
  insertAll,
  materialize,
  pick,
  type SeedContext,
  type SeedDoc,
} from './seed-kit';

/** Generated buyers besides the demo reader. */
const BUYER_COUNT = 4;

/** A buyer as the orders name them. */
export interface DemoBuyer {
  _id: Types.ObjectId;
  name: string;
  email: string;
}

/** The people step's result: who the books and orders are drawn for. */
export interface DemoPeople {
  buyers: DemoBuyer[];
  authorIds: Types.ObjectId[];
  authorNames: string[];
  /** For each category (by index), the authors who write in it. */
  byCategory: number[][];
}

interface PasswordHashes {
  reader: string;
  author: string;
  admin: string;
  /** For generated accounts, which cannot sign in: their password is random and thrown away. */
  locked: string;
}

/** The n-th author's name and grammatical gender (author 0 is the demo author, נועה ברק). */
export function demoAuthor(i: number): { name: string; gender: Gender } {
  const first = elementAt(FIRST_NAMES, i % FIRST_NAMES.length);
  if (i === 0) return { name: DEMO_ACCOUNTS.author.name, gender: first.gender };
  const last = LAST_NAMES[(i * 7 + 3 + Math.floor(i / LAST_NAMES.length)) % LAST_NAMES.length];
  return { name: `${first.name} ${last}`, gender: first.gender };
}

/**
 * The n-th author's bio: hand-written for the first 40, composed for the rest. Always draws two
 * numbers from `rand`, so the data generated after it stays the same whichever bio it is.
 */
function authorBio(rand: () => number, i: number, category: BookCategory): string {
  const rolls = [rand(), rand()] as const;
  const handWritten = AUTHOR_BIOS[i];
  if (handWritten !== undefined) return handWritten;
  const { name, gender } = demoAuthor(i);
  return composedBio(
    name,
    gender,
    category,
    pick(() => rolls[1], CITIES),
    rolls,
  );
}

/**
 * Where the API serves an author's generated picture, as WebP (beside the covers,
 * `DATA_DIR/covers`; its SVG drawing is kept beside it).
 */
export function portraitPath(id: Types.ObjectId): string {
  return `/api/covers/portrait-${id.toHexString()}.webp`;
}

/** Step: the upload categories, in their order. */
export async function seedCategories({ model }: SeedContext): Promise<void> {
  await insertAll(
    model(CATEGORY_MODEL),
    await Promise.all(
      BOOK_CATEGORIES.map((c, i) =>
        materialize(model(CATEGORY_MODEL), {
          _id: demoId('category', i),
          slug: c.value,
          key: c.key,
          name: c.name,
          order: i,
          createdAt: new Date(EPOCH),
          updatedAt: new Date(EPOCH),
        }),
      ),
    ),
  );
}

/**
 * Step: the demo accounts, the generated buyers, and `authorCount` authors with their profiles
 * (author 0 is the demo author; `withPortraits` gives each a drawn picture).
 */
export async function seedPeople(
  ctx: SeedContext,
  authorCount: number,
  withPortraits: boolean,
): Promise<DemoPeople> {
  const [reader, author, admin, locked] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.reader.password),
    hashPassword(DEMO_ACCOUNTS.author.password),
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(randomBytes(24).toString('base64')),
  ]);
  const hashes: PasswordHashes = { reader, author, admin, locked };
  const { users, buyers } = await accountDocs(ctx, hashes);
  const authors = await authorDocs(ctx, hashes, authorCount, withPortraits);
  users.push(...authors.users);
  await insertAll(ctx.model(USER_MODEL), users);
  await insertAll(ctx.model(AUTHOR_PROFILE_MODEL), authors.profiles);
  const authorUsers = users.filter((u) => u.role === 'author');
  return {
    buyers,
    authorIds: authorUsers.map((u) => u._id as Types.ObjectId),
    authorNames: authorUsers.map((u) => u.name as string),
    byCategory: BOOK_CATEGORIES.map((_, c) =>
      authors.genres.flatMap((genres, i) => (genres.includes(c) ? [i] : [])),
    ),
  };
}

/** The demo reader, the admin, and the generated buyers (with the reader they place the orders). */
async function accountDocs(
  { model }: SeedContext,
  hashes: PasswordHashes,
): Promise<{ users: SeedDoc[]; buyers: DemoBuyer[] }> {
  const users: SeedDoc[] = [
    await materialize(model(USER_MODEL), {
      _id: DEMO_IDS.reader,
      name: DEMO_ACCOUNTS.reader.name,
      email: DEMO_ACCOUNTS.reader.email,
      passwordHash: hashes.reader,
      role: 'user',
      bio: 'קוראת נלהבת של ספרות עברית, בעיקר רומנים ושירה.',
      createdAt: new Date(EPOCH + 30 * DAY),
      updatedAt: new Date(EPOCH + 30 * DAY),
    }),
    await materialize(model(USER_MODEL), {
      _id: DEMO_IDS.admin,
      name: DEMO_ACCOUNTS.admin.name,
      email: DEMO_ACCOUNTS.admin.email,
      passwordHash: hashes.admin,
      role: 'admin',
      createdAt: new Date(EPOCH),
      updatedAt: new Date(EPOCH),
    }),
  ];
  const buyers: DemoBuyer[] = [];
  for (let i = 0; i < BUYER_COUNT; i += 1) {
    const buyer = {
      _id: demoId('buyer', i),
      name: `${FIRST_NAMES[(i * 5 + 2) % FIRST_NAMES.length]?.name} ${LAST_NAMES[(i * 3 + 1) % LAST_NAMES.length]}`,
      email: `buyer${i}@demo.mechabrim.co.il`,
    };
    buyers.push(buyer);
    users.push(
      await materialize(model(USER_MODEL), {
        ...buyer,
        passwordHash: hashes.locked,
        role: 'user',
        createdAt: new Date(EPOCH + (60 + i * 45) * DAY),
        updatedAt: new Date(EPOCH + (60 + i * 45) * DAY),
      }),
    );
  }
  return { users, buyers };
}

/** The authors' accounts and profiles, each with two genres (the categories they write in). */
async function authorDocs(
  { model, rand }: SeedContext,
  hashes: PasswordHashes,
  authorCount: number,
  withPortraits: boolean,
): Promise<{ users: SeedDoc[]; profiles: SeedDoc[]; genres: number[][] }> {
  const users: SeedDoc[] = [];
  const profiles: SeedDoc[] = [];
  const genres: number[][] = [];
  for (let i = 0; i < authorCount; i += 1) {
    const { name, gender } = demoAuthor(i);
    const primary = i % BOOK_CATEGORIES.length;
    const secondary = (i + 3) % BOOK_CATEGORIES.length;
    genres.push([primary, secondary]);
    const joined = new Date(EPOCH + Math.floor(((i * 37) % 1900) * DAY) + (i % 24) * 3600_000);
    const id = i === 0 ? DEMO_IDS.author : demoId('author', i);
    users.push(
      await materialize(model(USER_MODEL), {
        _id: id,
        name,
        email: i === 0 ? DEMO_ACCOUNTS.author.email : `author${i}@demo.mechabrim.co.il`,
        passwordHash: i === 0 ? hashes.author : hashes.locked,
        role: 'author',
        bio: authorBio(rand, i, elementAt(BOOK_CATEGORIES, primary).value),
        // A drawn portrait or monogram, written with the covers (none without them).
        avatar: withPortraits ? portraitPath(id) : '',
        createdAt: joined,
        updatedAt: joined,
      }),
    );
    profiles.push(
      await materialize(model(AUTHOR_PROFILE_MODEL), {
        _id: demoId('profile', i),
        user: id,
        genres: [
          elementAt(BOOK_CATEGORIES, primary).value,
          elementAt(BOOK_CATEGORIES, secondary).value,
        ],
        languages: ['עברית'],
        // The gender the bio is written in, so the storefront speaks of the author in it too.
        gender: gender === 'f' ? 'female' : 'male',
        createdAt: joined,
        updatedAt: joined,
      }),
    );
  }
  return { users, profiles, genres };
}
