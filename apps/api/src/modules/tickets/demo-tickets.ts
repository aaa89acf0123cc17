import { and, eq, sql } from 'drizzle-orm';
import { ccisToday, TicketStatus } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { clients, staff, ticketResponses, tickets, users, vms } from '../../db/schema/index.js';
import { nextTicketNo } from './ticket-resource.js';

const HOUR = 3_600_000;

interface DemoEntry {
  staff: boolean;
  text: string;
  status: TicketStatus;
  hoursAgo: number;
}

/**
 * The demo customer's support tickets on a first start: one the support team answered and waits
 * on, one just opened, one closed, so the ticket pages and the staff's queue are not empty.
 */
export async function seedDemoTickets(db: Db, clientId: string, staffEmail: string, now = new Date()) {
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
        lang: 'en',
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

  await ticket(
    'api-01',
    'billing',
    'The March invoice lists api-01 twice for the 12th. Could you check the hours billed?',
    24 * 9,
    [
      { staff: true, text: '', status: TicketStatus.PROCESS, hoursAgo: 24 * 9 - 2 },
      {
        staff: true,
        text: 'You are right: a meter restart counted two hours twice. The next invoice credits them.',
        status: TicketStatus.PROCESS,
        hoursAgo: 24 * 8,
      },
      {
        staff: false,
        text: 'Thank you, that settles it.',
        status: TicketStatus.PROCESS,
        hoursAgo: 24 * 8 - 3,
      },
      { staff: true, text: '', status: TicketStatus.CLOSE, hoursAgo: 24 * 7 },
    ],
  );
  await ticket(
    'web-01',
    'network',
    'Since this morning web-01 answers HTTPS slowly (3-4 s for the first byte) from Taichung; from Taipei it is fine.',
    30,
    [
      { staff: true, text: '', status: TicketStatus.PROCESS, hoursAgo: 28 },
      {
        staff: true,
        text: 'We see packet loss on one uplink in Taichung and moved traffic off it. Is the page fast again from there?',
        status: TicketStatus.WAITING,
        hoursAgo: 5,
      },
    ],
  );
  await ticket(
    'db-primary',
    'disk',
    'The data disk of db-primary shows high write latency at night during the backup. Is the storage cluster busy then?',
    3,
    [],
  );
}
