const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether text is a UUID, the form of every row id: anything else cannot name a row, and is
 * answered before PostgreSQL would refuse to compare it with a uuid column.
 */
export const isUuid = (text: string): boolean => UUID.test(text);
