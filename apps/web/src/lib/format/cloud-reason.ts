import type { TFunction } from 'i18next';
import { isCloudReason } from '@portal/shared';

/**
 * Why the cloud did not do what was asked, in the page's language. A reason stored before the
 * cloud's words became codes shows as it was.
 */
export const cloudReasonText = (reason: string, t: TFunction) =>
  isCloudReason(reason) ? t(`enums:cloudReason.${reason}`) : reason;
