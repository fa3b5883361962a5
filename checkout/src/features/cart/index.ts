export { CartPage } from './components/cart-page';
