// What the staff console's shell offers the domains' staff pages: the staff session and its
// client, and the pieces every staff list shares.
export { opsBlob, opsCall, opsToken } from './ops-api';
export { OpsEmptyRow } from './ops-empty-row';
