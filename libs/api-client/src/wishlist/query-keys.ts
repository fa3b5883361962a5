export const wishlistKeys = {
  all: ['wishlist'] as const,
  list: (userId: string) => ['wishlist', 'list', userId] as const,
  check: (userId: string, bookId: string) => ['wishlist', 'check', userId, bookId] as const,
};
