export { CataloguePage } from './components/catalogue-page';
