// Public surface of the audit feature, for the screens of other features.
export { CatalogueHistory } from './components/catalogue-history';
