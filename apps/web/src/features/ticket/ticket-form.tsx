import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  TICKET_TEXT_MAX,
  TicketCategory,
  enumValues,
  type Ticket,
  type TicketAttachment,
  type TicketCreate,
  stringLength,
  ticketCreateSchema,
  TICKET_CONTACT_NAME_MAX,
} from '@portal/shared';
import { fieldProps } from '../../components/form/field-props';
import { TicketFilesField } from './ticket-draft';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormTextField } from '../../components/form/form-text-field';
import { FormActions, FormSection } from '../../components/resource-kit/resource-form';
import { FormGrid, FormPage } from '../../components/resource-kit/form-layout';
import { useResourceForm } from '../../components/resource-kit/use-resource-form';
import { useVmChoices } from '../vm';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { useSession } from '../../lib/session/use-session';
import { ticketBase } from './ticket-base';
import { uploadTicketFile, useContractChoices } from './ticket-api';

/** The limits of the phone fields' message (the schema checks them). */
const PHONE_LENGTH = stringLength(20, 6);

/** The category a link asks for (`?category=billing` from an order), else VM with `?vm=`, else other. */
function categoryOf(params: URLSearchParams): TicketCategory {
  const asked = params.get('category');
  const known = Object.values(TicketCategory) as string[];
  if (asked && known.includes(asked)) return asked as TicketCategory;
  return params.get('vm') ? TicketCategory.VM : TicketCategory.OTHER;
}

/**
 * A new ticket (route createTicket; `?vm=<uuid>` preselects the VM): the contact, prefilled from
 * the account; the VM or data-store contract it is about; the category, the description and
 * files. The shared schema checks it as typed; the server checks it again.
 */
export function TicketCreateForm() {
  const { t } = useTranslation(['ticket', 'enums']);
  const [params] = useSearchParams();
  const session = useSession();
  const { can } = usePermissions();
  const vms = useVmChoices();
  const contracts = useContractChoices();
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const info = session.info;
  const { control, onSubmit, pending } = useResourceForm<Ticket, TicketCreate>(ticketBase, {
    mode: 'onTouched',
    schema: ticketCreateSchema,
    defaultValues: {
      contactName: info?.contactName ?? '',
      contactMail: info?.email ?? '',
      contactMobile: info?.contactMobile ?? '',
      contactPhone: info?.contactTel ?? '',
      vmId: params.get('vm') ?? '',
      ccisId: '',
      ticketCode: categoryOf(params),
      ticketRemark: '',
    },
  });
  // One contract, several purchases: the newest purchase of each order number, newest first.
  const orders = [...new Map((contracts.data ?? []).map((c) => [c.orderId, c])).values()];
  const vmHelp = !can('compute/vm') ? t('form.noVmAccess') : vms.isError ? t('form.vmsFailed') : undefined;

  const submit = onSubmit((values) => ({
    ...values,
    vmId: values.vmId || null,
    ccisId: values.ccisId || null,
    attachmentIds: files.map((f) => f.id),
  }));

  const field = fieldProps(control, t);
  return (
    <FormPage testId="ticket-form" onSubmit={submit}>
      <FormSection title={t('form.sections.subject')} hint={t('form.targetHint')}>
        <FormGrid>
          <FormSelectField {...field('vmId')} helperText={vmHelp} emptyIsChoice>
            <MenuItem value="">
              <em>{t('values.none')}</em>
            </MenuItem>
            {(vms.data ?? []).map((vm) => (
              <MenuItem key={vm.uuid} value={vm.uuid}>
                {vm.name}
              </MenuItem>
            ))}
          </FormSelectField>
          <FormSelectField {...field('ccisId')} emptyIsChoice>
            <MenuItem value="">
              <em>{orders.length === 0 ? t('form.noContract') : t('values.none')}</em>
            </MenuItem>
            {orders.map((c) => (
              <MenuItem key={c.orderId} value={c.orderId}>
                {c.orderId} ({c.beginDate} – {c.expireDate})
              </MenuItem>
            ))}
          </FormSelectField>
          <FormSelectField {...field('ticketCode')} required>
            {enumValues(TicketCategory).map((c) => (
              <MenuItem key={c} value={c}>
                {t(`enums:ticketCategory.${c}`)}
              </MenuItem>
            ))}
          </FormSelectField>
        </FormGrid>
      </FormSection>
      <FormSection title={t('form.sections.description')}>
        <Stack spacing={1}>
          <FormTextField
            {...field('ticketRemark')}
            rule={stringLength(TICKET_TEXT_MAX)}
            required
            multiline
            minRows={5}
            size="medium"
            helperText={t('form.remarkHint', { max: TICKET_TEXT_MAX })}
          />
          <TicketFilesField
            value={files}
            onChange={setFiles}
            upload={uploadTicketFile}
            disabled={pending}
            testId="ticket-files"
          />
        </Stack>
      </FormSection>
      <FormSection title={t('form.sections.contact')} hint={t('form.contactHint')}>
        <FormGrid>
          <FormTextField {...field('contactName')} rule={stringLength(TICKET_CONTACT_NAME_MAX)} required />
          <FormTextField {...field('contactMail')} required type="email" autoComplete="email" />
          <FormTextField
            {...field('contactMobile')}
            rule={PHONE_LENGTH}
            htmlInput={{ inputMode: 'numeric' }}
          />
          <FormTextField
            {...field('contactPhone')}
            rule={PHONE_LENGTH}
            htmlInput={{ inputMode: 'numeric' }}
          />
        </FormGrid>
      </FormSection>
      <FormActions def={ticketBase} pending={pending} submitLabel={t('actions.save')} />
    </FormPage>
  );
}
