import type { Language } from '@portal/shared';
import type { MailContent } from '../../platform/mail/templates.js';

const SPEED = { en: ['SSD', 'HDD'], 'zh-TW': ['SSD', 'HDD'] } as const;

/** The mail that closes a volume type change (spec section 4: "a separate email is sent on completion"). */
export function retypeDoneMail(
  lang: Language,
  disk: { name: string; speed: number },
  outcome: 'succeeded' | 'failed',
  link: string,
): MailContent {
  const type = SPEED[lang][disk.speed] ?? String(disk.speed);
  const en = lang === 'en';
  const subject =
    outcome === 'succeeded'
      ? en
        ? `Disk ${disk.name} is now ${type}`
        : `磁碟 ${disk.name} 已變更為 ${type}`
      : en
        ? `The type change of disk ${disk.name} did not complete`
        : `磁碟 ${disk.name} 的類型變更未完成`;
  const body =
    outcome === 'succeeded'
      ? en
        ? `The volume type change of disk ${disk.name} has finished: it is now an ${type} disk, billed at the ${type} price from today.`
        : `磁碟 ${disk.name} 的類型變更已完成，現在為 ${type} 磁碟，自今日起依 ${type} 價格計費。`
      : en
        ? `The volume type change of disk ${disk.name} could not be completed; the disk keeps its previous type and your data is unchanged. Please try again or contact us.`
        : `磁碟 ${disk.name} 的類型變更未能完成，磁碟維持原類型，資料不受影響。請再試一次或與我們聯絡。`;
  const more = en ? 'See your disks in the console:' : '請至主控台查看您的磁碟：';
  return {
    subject,
    text: `${body}\n\n${more}\n${link}`,
    html: `<p>${body}</p><p>${more}<br><a href="${link}">${link}</a></p>`,
  };
}
