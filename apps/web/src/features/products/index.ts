// What the products feature offers the other features: the price list, for their estimates.
export { usePriceCodes } from './price-codes';
