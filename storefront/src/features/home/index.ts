export { HomeRoute } from './components/home-route';
export { HomePage } from './components/home-page';
