export { WishlistPage } from './components/wishlist-page';
