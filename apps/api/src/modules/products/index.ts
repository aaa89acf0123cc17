// What the products module offers the other modules: the price list, to give rows their estimate.
export { priceInPlace } from './prices.js';
