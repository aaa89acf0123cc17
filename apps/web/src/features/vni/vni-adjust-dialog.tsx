import DialogContentText from '@mui/material/DialogContentText';
import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type Vni,
  type VniUpdate,
  isIPv4,
  isIPv4Range,
  vniUpdateRule,
  vniUpdateSchema,
} from '@portal/shared';
import { FormTextField } from '../../components/form/form-text-field';
import { FormDialog } from '../../components/resource-kit/form-dialog';
import { useDialogForm } from '../../components/resource-kit/use-dialog-form';
import type { ActionDialogProps } from '../../lib/resource-kit/definition';
import { fieldProps } from '../../components/form/field-props';

interface Values {
  cidrIpv4: string;
  privateIpv4: string;
}

/**
 * Adjust network segment: a range inside the VPC's, and the private address inside the new
 * segment (left empty, the current one is kept when it still fits). The shared schema checks each
 * field, vniUpdateRule the two against the VPC's range.
 */
export function VniAdjustDialog({ rows, onSubmit, onCancel }: ActionDialogProps<Vni, VniUpdate>) {
  const { t } = useTranslation('vni');
  const vni = rows[0] as Vni;
  const schema = vniUpdateSchema.superRefine((body, ctx) => {
    for (const [path, message] of Object.entries(vniUpdateRule(body, vni.vpcCidrIpv4))) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
  const { control, onSubmit: submit } = useDialogForm<Values>({
    resolver: ((values, context, options) =>
      zodResolver(schema)(
        { ...values, privateIpv4: values.privateIpv4.trim() || undefined },
        context,
        options as never,
      )) as Resolver<Values>,
    defaultValues: { cidrIpv4: vni.cidrIpv4, privateIpv4: '' },
    fields: ['cidrIpv4', 'privateIpv4'],
    submit: (values) =>
      onSubmit({ cidrIpv4: values.cidrIpv4.trim(), privateIpv4: values.privateIpv4.trim() || undefined }),
  });
  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t('dialogs.adjust.title', { name: vni.vniUuid })}
      submitLabel={t('actions.adjust')}
      onSubmit={submit}
      onCancel={onCancel}
      testId="vni-adjust-dialog"
    >
      <DialogContentText sx={{ mb: 2 }}>
        {t('dialogs.adjust.body', { vpc: vni.vpcName, range: vni.vpcCidrIpv4, ip: vni.privateIpv4 })}
      </DialogContentText>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <FormTextField {...field('cidrIpv4')} rule={isIPv4Range} autoFocus required />
        <FormTextField
          {...field('privateIpv4', t('fields.newPrivateIpv4'))}
          rule={isIPv4}
          helperText={t('dialogs.adjust.ipHint')}
        />
      </Box>
    </FormDialog>
  );
}
