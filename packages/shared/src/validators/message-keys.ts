/**
 * Every message key a shared validator or schema helper can answer, so the web can check each has
 * a translation in every language (`validation.*` in the `validation` namespace). The account form
 * also answers CONFIRM_PASSWORD_NOT_MATCH (console.pageUpsertIAM.confirmPasswordNotMatch).
 * A test runs every rule to a failure and checks this list is exactly what they answer.
 */
export const VALIDATION_MESSAGE_KEYS = [
  'validation.notEmpty',
  'validation.needBePersonId',
  'validation.needBeCompanyId',
  'validation.needBePersonOrCompanyId',
  'validation.needBeFormat.IPv4',
  'validation.needBeFormat.IPv4Range',
  'validation.needBeFormat.IPv6Range',
  'validation.needBeFormat.Host',
  'validation.needBeFormat.Email',
  'validation.needBePassword',
  'validation.needBePhone',
  'validation.needBeInteger',
  'validation.needBeIntegerInRange',
  'validation.needBeNumberInRange',
  'validation.needBeNumberGreaterThan',
  'validation.needBeChineseAlphaNumeric',
  'validation.needBeStringInRange',
  'validation.needBeHex',
  'validation.needBeS3Bucket',
  'validation.needBeS3Folder',
  'validation.needBeIamAccount',
  'validation.needBeAccount',
  'validation.needBeClientNumber',
  'validation.needBeMobile',
  'validation.needBeCaptcha',
  'validation.needBeOtp',
  'validation.needBePort',
  'validation.needBeDate',
  'validation.needBeOneOf',
  'validation.startAfterEnd',
  'validation.cannotSelectSelf',
  'validation.tagKeyReserved',
  'validation.firewallPort.all',
  'validation.firewallPort.tcpUdp',
  'validation.firewallPort.icmp',
  'validation.firewallPort.protocol',
  'validation.vmCpu',
  'validation.vmRamRange',
  'validation.vmRamRatio',
] as const;
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];
