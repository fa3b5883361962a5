export { WishlistToggle } from './components/wishlist-toggle';
export { WishlistPage } from './components/wishlist-page';
