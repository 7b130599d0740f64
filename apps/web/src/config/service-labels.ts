/** One vocabulary with the API: values are stored, labels shown; see packages/contract. */
export { normalizeService, serviceLabel, serviceUnit, serviceWord } from '@pawsy/contract';
