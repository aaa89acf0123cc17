/**
 * The server error codes of spec section 8. A 400 answer is `{ msg: <code> }` and the web shows
 * `apiError.<code>`; the web locales hold a message for every code here (a test checks it).
 */
export const ACCOUNT_ERRORS = [
  'CAPTCHA_NOT_MATCH',
  'TRY_AGAIN_LATER',
  'EMAIL_NOT_EXIST',
  'EMAIL_REPEAT',
  'EMAIL_REGISTERED',
  'LINK_EXPIRED',
  'LOGIN_ERROR',
  'ACCOUNT_NOT_ACTIVATED',
  'ACCOUNT_IS_LOCK',
  'ACCOUNT_DISABLE',
  'ACCOUNT_DELETE',
  'ACCOUNT_EXISTS',
  'EMAIL_EXISTS',
  'PASSWORD_AGAINST_RULES',
  'PASSWORD_CANNOT_RESET',
  'PASSWORD_RESET_REPEAT',
  'PASSWORD_RESET_EXPIRED',
  'PASSWORD_EXPIRED',
  'PROCESS_APPLY_REPEAT',
  'PROCESS_APPLY_EXPIRED',
  'REGISTER_VERIFY_ERROR',
  'REGISTER_APPLIED',
  'INCORRECT_PASSWORD',
  'VERIFY_CODE_ERROR',
  'TWO_FA_CODE_ERROR',
  'CAN_NOT_FIND_2FA',
  'NOT_HAVE_EMAIL',
  'REPEAT_LOGIN',
  'ACCOUNT_ROLE_NOT_EXIST',
  'YOU_ARE_NOT_DEFAULT_ASSISTANT',
  'USER_DOES_NOT_HAVE_PERMISSION',
  'MISSING_DATA',
  'MISS_PARAMETER',
  'FIELD_MUST_FILL_IN',
  'FORMAT_ERROR',
  'PHONE_FORMAT_ERROR',
  'IPv4_FORMAT_ERROR',
  // Ours: text the database cannot store (a NUL character, half of a surrogate pair, an escape in
  // the URL that decodes to no text), anywhere in a request.
  'INVALID_CHARACTERS',
  // Ours (the spec shows no code for it): too many wrong two-factor codes for the account, across
  // sign-ins; 429 with Retry-After. Not ACCOUNT_IS_LOCK, which tells the user to ask the root
  // administrator: this ends by itself, or with a password reset.
  'TWO_FA_LOCKED',
  // Ours: another change of the same thing came at the same moment and went first (decision 0025);
  // 409, and sending the change again meets what that one left.
  'CONFLICT',
] as const;

export const RESOURCE_ERRORS = [
  'VM_STATUS_ERROR',
  'VM_NOT_FOUND',
  'VM_NEED_SHUTDOWN',
  'YEARLY_VM_CANNOT_ADJUST',
  'DISK_STATUS_ERROR',
  'DISK_NOT_FOUND',
  'DISKS_LIMIT_3',
  'NON_REMOVABLE_ROOT_DISK',
  'UNABLE_TO_REDUCE_DISK_SIZE',
  'DISK_ALREADY_HAS_A_VM_ATTACHED',
  'VPC_ALREADY_HAS_A_VM_ATTACHED',
  'VPC_ALREADY_EXISTS',
  'FIREWALL_ALREADY_HAS_A_VM_ATTACHED',
  'FIREWALL_IN_NON_MODIFIABLE_STATE',
  'FIREWALL_OVER_LIMIT',
  'SNAPSHOT_STATUS_ERROR',
  'A_VM_CAN_ONLY_BE_BOUND_TO_ONE_SNAPSHOT_RULE',
  'OVER_BASE_USAGE',
  'MANUAL_METHOD_REQUIRES_THE_USE_OF_THE_IPv4_FORMAT',
  'DB_HAS_NO_DATA',
  // Ours (the spec shows no code for these): a protection the user turned on refuses the action,
  // and a create or attach names a VPC or firewall the caller does not have.
  'VM_TERMINATION_PROTECTION',
  'VM_STOP_PROTECTION',
  'VPC_NOT_FOUND',
  'FIREWALL_NOT_FOUND',
  'FIREWALL_NOT_IN_VPC',
  // Ours: a VM cannot be created with (or be attached to) a firewall while the cloud is changing
  // it (spec section 5); FIREWALL_IN_NON_MODIFIABLE_STATE would tell the user the firewall cannot
  // be edited, which is not what they asked.
  'FIREWALL_BEING_MODIFIED',
  // Ours: a VM is in at most VM_FIREWALLS_MAX firewalls.
  'VM_FIREWALLS_LIMIT',
  // Ours: a snapshot rule protects at most SNAPSHOT_RULE_MAX_VMS VMs, however many are added at once.
  'SNAPSHOT_RULE_VMS_LIMIT',
  // Ours (the spec has no CCX codes): a CCX cluster the cloud is changing, or not running, takes
  // no scale or delete; a scale to the count it has; a cluster in a VPC that is not available.
  'CCX_CLUSTER_STATUS_ERROR',
  'CCX_NODE_COUNT_UNCHANGED',
  'CCX_VPC_NOT_AVAILABLE',
  // Ours (the spec names no load balancer codes): a change while the cloud is programming it, a
  // target VM outside the balancer's VPC, HTTPS without a certificate, and the checks of an
  // uploaded certificate and its private key.
  'LB_STATUS_ERROR',
  'LB_TARGET_NOT_IN_VPC',
  'LB_CERTIFICATE_REQUIRED',
  'LB_CERTIFICATE_INVALID',
  'LB_KEY_INVALID',
  'LB_KEY_MISMATCH',
  'LB_CERTIFICATE_EXPIRED',
  'LB_CERTIFICATE_NOT_YET_VALID',
  'LB_CERTIFICATE_HOST_MISMATCH',
  // Ours: a VPC the cloud is creating, changing or deleting takes no other change, and one with
  // firewalls, load balancers, cloud-exchange connections or clusters in it cannot be deleted
  // (each code names what remains).
  'VPC_STATUS_ERROR',
  'VPC_HAS_FIREWALLS',
  'VPC_HAS_LOAD_BALANCERS',
  'VPC_HAS_CLOUD_EXCHANGES',
  'VPC_HAS_CCX_CLUSTERS',
] as const;

export const PUBLIC_CLOUD_ERRORS = [
  'PUBLIC_CLOUD_REPEAT',
  'PUBLIC_CLOUD_NOT_EXIST',
  'PUBLIC_CLOUD_MISSING_PARAMETERS_GCP',
  'PUBLIC_CLOUD_MISSING_PARAMETERS_AZURE',
  'PUBLIC_CLOUD_MISSING_PARAMETERS_AWS',
  // Ours (the spec shows no code for these): a cloud-exchange connection being ordered or deleted
  // takes no other change, a pair key is ordered once, and a connection needs a VPC that stands.
  'CLOUD_EXCHANGE_STATUS_ERROR',
  'CLOUD_EXCHANGE_PAIR_KEY_IN_USE',
  'CLOUD_EXCHANGE_VPC_NOT_AVAILABLE',
] as const;

export const STORAGE_ERRORS = [
  'AMAZON_SERVICE_ERROR',
  'BUCKET_NOT_EMPTY',
  'INVALID_ACCESS_KEY_ID',
  'KEY_TOO_LONG',
  'NO_SUCH_BUCKET',
  'NO_SUCH_KEY',
  'ILLEGAL_BUCKET_NAME',
  'INVALID_DIRECTORY',
  'LIFECYCLE_RULE_NOT_FOUND',
  // Ours: a customer's bucket names are unique within the customer (S3 names never collide across
  // customers, decision 0022); keys per customer are limited; a service the portal cannot issue
  // keys on says so.
  'BUCKET_ALREADY_EXISTS',
  'BUCKET_KEYS_OVER_LIMIT',
  'BUCKET_KEYS_NOT_ISSUED',
  // Ours: lifecycle rules per bucket are limited (LIFECYCLE_RULES_MAX).
  'LIFECYCLE_RULES_OVER_LIMIT',
  // Ours: renaming, copying or moving onto a name that is taken is refused rather than overwriting
  // what is there (S3 itself would overwrite), as is a new folder of a name that is taken.
  'OBJECT_ALREADY_EXISTS',
  // Ours: a key or prefix that would not stay in its bucket once resolved ('.' or '..' parts,
  // escaped or not, backslashes read as '/', empty parts): refused on every way in.
  'ILLEGAL_OBJECT_KEY',
] as const;

export const DATA_STORE_ERRORS = [
  'CCIS_HOST_ERROR',
  'CCIS_EXPEND_BLOCKSIZE_ERROR',
  'CCOS_USER_NOT_FOUND',
  'CCIS_ERROR',
  'CCIS_PURCHASE_TOO_OFTEN',
  'CCIS_PURCHASE_FULL',
  'CCIS_CHANGE_NAME_DUPLICATED',
  'CCIS_PERIOD_MUST_BE_LONGER',
  'CCIS_NEW_END_MUST_AFTER_OLD_END',
  'CCIS_REDUCE_ON_LAST_MONTH',
  'CCIS_GET_TOKRN_FAIL',
  'CCIS_SET_BLOCKSIZE_FAIL',
  'CCIS_GET_BLOCKSIZE_FAIL',
  'CCIS_SOMETHING_WRONG',
  'DATE_MUST_GREATER_THAN_TODAY',
] as const;

/**
 * Ours (the spec names no order codes): orders and annual contracts (issue 13). A VM already on an
 * annual contract is not converted again; an order no longer in force is not cancelled; an annual
 * contract is cancelled by the user only within 7 days of ordering or in its last 30 days, else
 * support ends it (spec section 4); a data-store contract ends on the data-store page (auto-extend).
 */
export const ORDER_ERRORS = [
  'VM_ALREADY_ANNUAL',
  'ORDER_STATUS_ERROR',
  'ORDER_CANCEL_NEEDS_SUPPORT',
  'ORDER_CANCEL_ON_DATA_STORE',
] as const;

/**
 * Ours (the spec names no ticket codes): support tickets (issue 14). Nothing but reading is done
 * to a closed ticket; a change the ticket's status does not take (picking up a ticket someone
 * already works on); a data-store contract that is not the caller's; too many files on one message
 * or waiting to be sent; a file named in a message that is not the caller's upload, or is sent.
 */
export const TICKET_ERRORS = [
  'TICKET_CLOSED',
  'TICKET_STATUS_ERROR',
  'CCIS_CONTRACT_NOT_FOUND',
  'TICKET_ATTACHMENTS_LIMIT',
  'TICKET_ATTACHMENT_NOT_FOUND',
] as const;

export const ADMIN_ERRORS = [
  'VERIFY_DATA_ERROR',
  'VERIFY_REGISTER_ASSIGN_ERROR',
  'VERIFY_REGISTER_REJECT_ERROR',
  'VERIFY_REGISTER_SIGN_FLOW_SIGN_PERSON_ERROR',
  'VERIFY_REGISTER_AGREE_ERROR',
  'TIME_IS_ERROR',
  'STATUS_IS_ERROR',
  'PRICE_IS_ERROR',
  'TEMPLATEID_IS_ERROR',
  'CATEGORYID_IS_ERROR',
  'NAME_AND_SPECTYPE_UNIQUE_IS_ERROR',
  'SPECTYPE_TEMPLATE_UNIQUE_IS_ERROR',
  'TEMPLATE_STATUS_ERROR',
  'TEMPLATE_ALREADY_EXISTS',
  'USER_NUMBER_EXISTS',
  'CLIENT_NOT_FOUND',
  'CLIENT_NUMBER_NOT_FOUND',
  'DEALER_NOT_FOUND',
  'PASSWORDS_DO_NOT_MATCH',
  'NOT_HAVE_PASSWORD',
  // Operations console: a fresh set-password link only for an approved application whose root
  // user has not set a password yet.
  'APPLICATION_NOT_APPROVED',
  'PASSWORD_ALREADY_SET',
  'EMAIL_DOES_NOT_CONFORM_TO_NORMALIZATION',
  'ACCOUNT_FORMAT_ERROR',
  'ACCOUNT_HAS_BEEN_DELETED',
  'API_SERVER_ERROR',
] as const;

/** API keys (issue 27): what a key may not do, and the limits of making them. */
export const API_KEY_ERRORS = [
  // A key reached the account, IAM, key management or another route only a person uses.
  'API_KEY_NOT_ALLOWED',
  // A key in an address (query or path): refused, since addresses are logged and shared.
  'API_KEY_IN_URL',
  'API_KEY_LIMIT',
  'API_KEY_NAME_EXISTS',
] as const;

export const ERROR_CODES = [
  ...API_KEY_ERRORS,
  ...ACCOUNT_ERRORS,
  ...RESOURCE_ERRORS,
  ...PUBLIC_CLOUD_ERRORS,
  ...STORAGE_ERRORS,
  ...DATA_STORE_ERRORS,
  ...ORDER_ERRORS,
  ...TICKET_ERRORS,
  ...ADMIN_ERRORS,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Messages the client shows by HTTP status rather than by code (spec section 8). */
export const CLIENT_ERROR_KEYS = [
  'error401',
  'error403',
  'unexpectedServerError',
  'networkError',
  'loginTimeout',
] as const;

/** Thrown by the web api client when `update` is called without an id (spec section 8). */
export const UPDATE_NEEDS_ID = 'Update method need a data with id property!';

/** Codes of the answers the server gives by HTTP status, beside ERROR_CODES (docs/auth-api.md). */
export const HTTP_ERROR_MSGS = [
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL_ERROR',
] as const;

/** Body of every 4xx answer. `errors` lists field problems as validation message keys. */
export interface ApiErrorBody {
  msg: ErrorCode | (typeof HTTP_ERROR_MSGS)[number];
  errors?: { path: string; message: string }[];
}
