export { Header, CartButton } from './components/header';
export { SearchBox } from './components/search-box';
export { setPortalUrl } from './portal-url';
