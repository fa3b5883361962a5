/** @mechabrim/ui — the RTL component kit shared by the shell and the remotes (a federation singleton). */
import './components/button/button.css';
import './components/skeletons/skeletons.css';
import './components/field/field.css';

export { uiStrings } from './strings.he';

export {
  Stars,
  starKinds,
  formatRating,
  type StarKind,
  type StarsProps,
} from './components/stars/stars';
export { Price, type PriceProps } from './components/price/price';
export { Pager, type PagerProps } from './components/pager/pager';
export { Tabs, type TabItem, type TabsProps } from './components/tabs/tabs';
export {
  PagedList,
  type PagedListProps,
  type PagedResult,
} from './components/paged-list/paged-list';
export { BookCover, type BookCoverProps } from './components/book-cover/book-cover';
export { Avatar, type AvatarProps } from './components/avatar/avatar';
export { BookCard, type BookCardBook, type BookCardProps } from './components/book-card/book-card';
export {
  AuthorCard,
  authorBioPreview,
  type AuthorCardAuthor,
  type AuthorCardProps,
} from './components/author-card/author-card';
export {
  Carousel,
  BookCarousel,
  AuthorCarousel,
  type CarouselProps,
  type BookCarouselProps,
  type AuthorCarouselProps,
} from './components/carousel/carousel';
export {
  CAROUSEL_DOTS,
  dotToSlide,
  slideToDot,
  BOOK_BREAKPOINTS,
  AUTHOR_BREAKPOINTS,
} from './components/carousel/carousel-pagination';
export {
  SkeletonBlock,
  BookCardSkeleton,
  CarouselSkeleton,
  BookGridSkeleton,
  BookPageSkeleton,
  AuthorPageSkeleton,
  ReviewListSkeleton,
} from './components/skeletons/skeletons';
export { Breadcrumb, type BreadcrumbItem } from './components/breadcrumb/breadcrumb';
export { Spinner } from './components/spinner/spinner';
export { Icon, ICON_NAMES, type IconName, type IconProps } from './components/icon/icon';
export { EmptyState, type EmptyStateProps } from './components/empty-state/empty-state';
export { ErrorState, type ErrorStateProps } from './components/error-state/error-state';
export { NotFoundPage, type NotFoundPageProps } from './components/not-found/not-found-page';
export { Toast, type ToastProps } from './components/toast/toast';
export { Field, type FieldProps, type FieldControlProps } from './components/field/field';
export { SubmitButton, type SubmitButtonProps } from './components/field/submit-button';

export { useDebouncedValue } from './hooks/use-debounced-value';
export { useClickOutside } from './hooks/use-click-outside';
export { useTitleFromHeading, type SiteTitles } from './hooks/use-title-from-heading';
export { useMediaQuery } from './hooks/use-media-query';
export { useDelayedFlag } from './hooks/use-delayed-flag';

export {
  ClientLogger,
  clientLogger,
  SLOW_OPERATION_MS,
  WARN_OPERATION_MS,
  MAX_LOG_ENTRIES,
  type ClientLogEntry,
  type ClientLogLevel,
  type ClientLoggerOptions,
} from './logging/client-logger';
export {
  installClientLogging,
  reactErrorReporting,
  type ClientLoggingSources,
} from './logging/page-logging';
export {
  ErrorBoundary,
  ErrorFallback,
  type ErrorBoundaryProps,
} from './components/error-boundary/error-boundary';
