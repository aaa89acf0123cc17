/**
 * Whether text is a UUID, the form of every row id: anything else cannot name a row, and is
 * answered before PostgreSQL would refuse to compare it with a uuid column (the shared rule that
 * the contract's references, zUuid, check too).
 */
export { isUuid } from '@portal/shared';
