import { alarmCreateSchema, alarmListQuerySchema, alarmSchema, alarmUpdateSchema } from '../schemas/alarm.js';
import {
  ticketCreateSchema,
  ticketListQuerySchema,
  ticketReplySchema,
  ticketSchema,
} from '../schemas/ticket.js';
import { defineContract } from './contract.js';

/** Alarms on VM metrics and on the monthly budget (routes alarm, alarmCreate, alarmEdit). */
export const alarmContract = defineContract({
  type: 'alarms',
  name: 'alarm',
  authority: 'monitor/alarm',
  entity: alarmSchema,
  listQuery: alarmListQuerySchema,
  create: { body: alarmCreateSchema },
  update: { body: alarmUpdateSchema },
  remove: {},
  actions: { trigger: {} },
  routes: { list: 'alarm', create: 'alarmCreate', edit: 'alarmEdit' },
  dashboardKind: 'alarms',
});

/** Support tickets (routes myTicket, createTicket, ticketDetail). */
export const ticketContract = defineContract({
  type: 'tickets',
  name: 'ticket',
  authority: 'myAccount/myTicket',
  entity: ticketSchema,
  listQuery: ticketListQuerySchema,
  create: { body: ticketCreateSchema },
  actions: { reply: { body: ticketReplySchema }, close: {} },
  routes: { list: 'myTicket', create: 'createTicket', detail: 'ticketDetail' },
  dashboardKind: 'tickets',
});
