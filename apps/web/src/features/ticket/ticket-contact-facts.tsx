import { useTranslation } from 'react-i18next';
import type { Ticket } from '@portal/shared';
import { Fact } from './ticket-parts';

/** Who to answer: the contact's name and mail, mobile and phone ("—" when not given). */
export function ContactFacts({
  ticket,
}: {
  ticket: Pick<Ticket, 'contactName' | 'contactMail' | 'contactMobile' | 'contactPhone'>;
}) {
  const { t } = useTranslation('ticket');
  return (
    <>
      <Fact label={t('fields.contact')}>
        {ticket.contactName}
        <br />
        {ticket.contactMail}
      </Fact>
      <Fact label={t('fields.contactMobile')}>{ticket.contactMobile || '—'}</Fact>
      <Fact label={t('fields.contactPhone')}>{ticket.contactPhone || '—'}</Fact>
    </>
  );
}
