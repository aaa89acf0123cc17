import { and, eq, sql } from 'drizzle-orm';
import { ccisToday, DEFAULT_LANGUAGE, TicketStatus, type Language } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { clients, staff, ticketResponses, tickets, users, vms } from '../../db/schema/index.js';
import { nextTicketNo } from './ticket-resource.js';

const HOUR = 3_600_000;

/** What the customer and the support team wrote, in the demo customer's language. */
const WORDS = {
  'zh-TW': {
    invoice: '三月份的帳單中，api-01 在 12 日的費用列了兩次，可以幫忙確認計費時數嗎？',
    credited: '您說得沒錯：計量服務重新啟動時，有兩個小時被重複計算，下期帳單會折抵這兩小時的費用。',
    thanks: '謝謝，這樣就沒問題了。',
    slow: '從今天早上開始，從台中連到 web-01 的 HTTPS 回應很慢（第一個位元組要 3–4 秒），從台北連線則正常。',
    uplink:
      '我們發現台中有一條上行線路發生封包遺失，已將流量移到其他線路。請問現在從台中連線是否恢復正常速度？',
    latency: 'db-primary 的資料磁碟在夜間備份時寫入延遲很高，請問那段時間儲存叢集是否特別忙碌？',
  },
  en: {
    invoice: 'The March invoice lists api-01 twice for the 12th. Could you check the hours billed?',
    credited: 'You are right: a meter restart counted two hours twice. The next invoice credits them.',
    thanks: 'Thank you, that settles it.',
    slow: 'Since this morning web-01 answers HTTPS slowly (3-4 s for the first byte) from Taichung; from Taipei it is fine.',
    uplink:
      'We see packet loss on one uplink in Taichung and moved traffic off it. Is the page fast again from there?',
    latency:
      'The data disk of db-primary shows high write latency at night during the backup. Is the storage cluster busy then?',
  },
} satisfies Record<Language, Record<string, string>>;

interface DemoEntry {
  staff: boolean;
  text: string;
  status: TicketStatus;
  hoursAgo: number;
}

/**
 * The demo customer's support tickets on a first start: one the support team answered and waits
 * on, one just opened, one closed, so the ticket pages and the staff's queue are not empty. Both
 * sides write in `language`, the customer's.
 */
export async function seedDemoTickets(
  db: Db,
  clientId: string,
  staffEmail: string,
  language: Language = DEFAULT_LANGUAGE,
  now = new Date(),
) {
  const say = WORDS[language];
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  const [root] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.isRoot, true)));
  const [member] = await db
    .select()
    .from(staff)
    .where(eq(sql`lower(${staff.email})`, staffEmail.toLowerCase()));
  if (!client || !root || !member) return;
  const vmNamed = async (name: string) =>
    (
      await db
        .select({ id: vms.id, name: vms.name })
        .from(vms)
        .where(and(eq(vms.clientId, clientId), eq(vms.name, name)))
    )[0];
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

  const ticket = async (
    vmName: string,
    code: string,
    remark: string,
    hoursAgo: number,
    entries: DemoEntry[],
  ) => {
    const vm = await vmNamed(vmName);
    if (!vm) return;
    const last = entries.at(-1);
    const status = last?.status ?? TicketStatus.NEW;
    const created = at(hoursAgo);
    const day = ccisToday(created, client.timeZone).replace(/-/g, '');
    const [row] = await db
      .insert(tickets)
      .values({
        clientId,
        ticketNo: await nextTicketNo(db, day),
        status,
        code,
        remark,
        contactName: client.contactName,
        contactMail: root.email ?? root.account,
        contactMobile: client.contactMobile,
        contactPhone: client.contactTel,
        vmId: vm.id,
        vmName: vm.name,
        lang: language,
        userId: root.id,
        account: root.account,
        assigneeId: entries.some((e) => e.staff) ? member.id : null,
        createdAt: created,
        updatedAt: last ? at(last.hoursAgo) : created,
        closedAt: status === TicketStatus.CLOSE ? at(last!.hoursAgo) : null,
      })
      .returning({ id: tickets.id });
    for (const e of entries) {
      await db.insert(ticketResponses).values({
        ticketId: row!.id,
        clientId,
        author: e.staff ? 'staff' : 'customer',
        userId: e.staff ? null : root.id,
        staffId: e.staff ? member.id : null,
        authorName: e.staff ? member.email : root.account,
        text: e.text,
        status: e.status,
        createdAt: at(e.hoursAgo),
      });
    }
  };

  await ticket('api-01', 'billing', say.invoice, 24 * 9, [
    { staff: true, text: '', status: TicketStatus.PROCESS, hoursAgo: 24 * 9 - 2 },
    { staff: true, text: say.credited, status: TicketStatus.PROCESS, hoursAgo: 24 * 8 },
    { staff: false, text: say.thanks, status: TicketStatus.PROCESS, hoursAgo: 24 * 8 - 3 },
    { staff: true, text: '', status: TicketStatus.CLOSE, hoursAgo: 24 * 7 },
  ]);
  await ticket('web-01', 'network', say.slow, 30, [
    { staff: true, text: '', status: TicketStatus.PROCESS, hoursAgo: 28 },
    { staff: true, text: say.uplink, status: TicketStatus.WAITING, hoursAgo: 5 },
  ]);
  await ticket('db-primary', 'disk', say.latency, 3, []);
}
