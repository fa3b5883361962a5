export { Header, CartButton } from './header';
