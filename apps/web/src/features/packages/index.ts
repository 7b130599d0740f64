// Public surface of the packages feature: the subscribe screen reads the package being bought.
export { packagesApi, PACKAGE_MESSAGES } from './packages-api';
export type { Package } from './packages-api';
export { formatPackagePrice } from './package-format';
export { OwnersOnlyNotice, useMaySubscribe } from './components/owners-only-notice';
