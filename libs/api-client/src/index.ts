// The front ends' one client of the API: per endpoint, its fetcher, its query key and one
// `queryOptions` (key, fetcher, freshness), plus the hook built on it. The shell, the remotes and
// the storefront's server-side landing render all use these, so one page's data is one cache
// entry whichever of them asked first.
export * from './catalogue/normalize';
export * from './catalogue/query-keys';
export * from './catalogue/get-books';
export * from './catalogue/get-book-pages';
export * from './catalogue/get-book';
export * from './catalogue/get-book-reviews';
export * from './catalogue/get-related-books';
export * from './catalogue/search-books';
export * from './catalogue/search-authors';
export * from './catalogue/get-authors';
export * from './catalogue/get-author';
export * from './catalogue/get-author-books';
export * from './catalogue/get-categories';
export * from './catalogue/get-stats';
export * from './wishlist/query-keys';
export * from './wishlist/check-wishlist';
export * from './wishlist/get-wishlist';
export * from './wishlist/toggle-wishlist';
export * from './follows/follows';
