import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { BOOK_CATEGORIES, type CategoryCount } from '@mechabrim/contracts';
import { BOOK_MODEL, CATEGORY_MODEL, type BookModel, type CategoryModel } from '@mechabrim/db';

/** Spec §3/§9: at most ten categories are offered. */
export const MAX_CATEGORIES = 10;

/** Categories with their counts of available books (computed, never stored). */
@Injectable()
export class CategoriesService {
  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(CATEGORY_MODEL) private readonly categories: CategoryModel,
  ) {}

  /** Only categories with available books, in the catalogue's order, the first ten. */
  async withCounts(): Promise<CategoryCount[]> {
    const [counts, stored] = await Promise.all([
      this.books.aggregate<{ _id: string; count: number }>([
        { $match: { isAvailable: true } },
        { $group: { _id: '$category', count: { $sum: 1 } } },
      ]),
      this.categories.find().select({ slug: 1, name: 1, order: 1 }).sort({ order: 1 }).lean(),
    ]);
    const known = new Map<string, { name: string; order: number }>();
    BOOK_CATEGORIES.forEach((c, i) => known.set(c.value, { name: c.name, order: i }));
    for (const c of stored)
      known.set(c.slug, { name: c.name, order: c.order ?? known.get(c.slug)?.order ?? 100 });
    return counts
      .filter((c) => typeof c._id === 'string' && c.count > 0)
      .map((c) => ({
        category: c._id,
        name: known.get(c._id)?.name ?? c._id,
        count: c.count,
        order: known.get(c._id)?.order ?? 1000,
      }))
      .sort((a, b) => a.order - b.order || b.count - a.count)
      .slice(0, MAX_CATEGORIES)
      .map(({ category, name, count }) => ({ category, name, count }));
  }
}
