import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { type Control, type UseFormSetValue, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  FIREWALL_FIXED_PORT,
  FIREWALL_RULES_MAX,
  FwrDirection,
  FwrIpVer,
  FwrOperate,
  FwrType,
  enumValues,
  isFirewallRemark,
} from '@portal/shared';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormTextField } from '../../components/form/form-text-field';
import { useFieldMessage } from '../../components/form/use-field-message';
import { TipIconButton } from '../../components/tip-icon-button';
import { fieldProps } from '../../components/form/field-props';

/** A rule as the form holds it (the API's field names, so a server path `rules.3.fwrPort` lands here). */
export interface RuleForm {
  fwrDirection: number;
  fwrIpVer: number;
  fwrType: number;
  fwrPort: string;
  cidrDest: string;
  fwrOperate: number;
  remark: string;
}

export interface FirewallFormValues {
  name: string;
  vpcUuid: string;
  rules: RuleForm[];
}

export const newRule = (): RuleForm => ({
  fwrDirection: FwrDirection.INBOUND,
  fwrIpVer: FwrIpVer.IPV4,
  fwrType: FwrType.TCP,
  fwrPort: '',
  cidrDest: '',
  fwrOperate: FwrOperate.ALLOW,
  remark: '',
});

/** The port a protocol fixes ("Any" for ALL, "-1" for ICMP), or undefined for TCP and UDP. */
export const fixedPort = (protocol: number) => FIREWALL_FIXED_PORT[protocol as FwrType];

/** A placeholder that shows what a destination of the rule's IP version looks like. */
const cidrHint = (ipVersion: number) =>
  ipVersion === FwrIpVer.IPV6 ? '::/0, 2001:db8::/32' : '0.0.0.0/0, 203.0.113.0/24';

/** A rule's moves: up before the one above, down after the one below. */
const MOVES = [
  { dir: 'up', by: -1, Icon: ArrowUpward },
  { dir: 'down', by: 1, Icon: ArrowDownward },
] as const;

const grid = {
  display: 'grid',
  gap: 1,
  alignItems: 'start',
  gridTemplateColumns: {
    xs: '1fr 1fr',
    md: 'repeat(4, 1fr)',
    lg: '136px 96px 104px 92px minmax(150px, 1.2fr) 96px minmax(150px, 1fr)',
  },
};

function RuleRow({
  control,
  setValue,
  index,
  count,
  onMove,
  onRemove,
}: {
  control: Control<FirewallFormValues>;
  setValue: UseFormSetValue<FirewallFormValues>;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation(['firewall', 'enums']);
  const name = <K extends keyof RuleForm>(column: K) => `rules.${index}.${column}` as const;
  /** A column of this rule's row, labelled as the column. */
  const field = fieldProps(control, t);
  const column = (key: keyof RuleForm) => field(name(key), t(`fields.${key}`));
  const [protocol, ipVersion, port] = useWatch({
    control,
    name: [name('fwrType'), name('fwrIpVer'), name('fwrPort')],
  });
  const fixed = fixedPort(Number(protocol));
  // The port follows the protocol: ALL and ICMP take their one value (the field is read-only);
  // TCP and UDP a number typed in, never the other protocols' "Any" or -1.
  const portName = name('fwrPort');
  useEffect(() => {
    if (fixed !== undefined && port !== fixed) setValue(portName, fixed, { shouldValidate: false });
    if (fixed === undefined && (port === 'Any' || port === '-1')) setValue(portName, '');
  }, [fixed, port, portName, setValue]);

  const select = (
    key: 'fwrDirection' | 'fwrIpVer' | 'fwrType' | 'fwrOperate',
    values: number[],
    labels: string,
  ) => (
    <FormSelectField {...column(key)} required>
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {t(`enums:${labels}.${v}`)}
        </MenuItem>
      ))}
    </FormSelectField>
  );

  return (
    <Paper
      variant="outlined"
      sx={{
        p: 1.5,
        display: 'flex',
        flexWrap: { xs: 'wrap', lg: 'nowrap' },
        gap: 1,
        alignItems: 'flex-start',
      }}
      data-testid={`firewall-rule-${index}`}
    >
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ minWidth: 20, pt: 1, fontVariantNumeric: 'tabular-nums' }}
        aria-hidden
      >
        {index + 1}
      </Typography>
      <Box sx={{ ...grid, flex: 1, minWidth: 0 }}>
        {select('fwrDirection', enumValues(FwrDirection), 'fwrDirection')}
        {select('fwrIpVer', enumValues(FwrIpVer), 'fwrIpVer')}
        {select('fwrType', enumValues(FwrType), 'fwrType')}
        <FormTextField
          {...column('fwrPort')}
          required
          autoComplete="off"
          placeholder={fixed ?? '1-65535'}
          htmlInput={
            fixed !== undefined ? { readOnly: true, title: t('rules.fixedPort') } : { inputMode: 'numeric' }
          }
        />
        <FormTextField
          {...column('cidrDest')}
          required
          autoComplete="off"
          placeholder={cidrHint(Number(ipVersion))}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        />
        {select('fwrOperate', enumValues(FwrOperate), 'fwrOperate')}
        <FormTextField
          {...column('remark')}
          rule={isFirewallRemark}
          autoComplete="off"
          sx={{ gridColumn: { md: 'span 2', lg: 'auto' } }}
        />
      </Box>
      <Box
        sx={{
          display: 'flex',
          pt: { lg: 0.5 },
          mt: { xs: -1.5, lg: 0 },
          width: { xs: '100%', lg: 'auto' },
          justifyContent: 'flex-end',
        }}
      >
        {MOVES.map(({ dir, by, Icon }) => (
          <TipIconButton
            key={dir}
            title={t(`rules.${dir}`)}
            icon={<Icon fontSize="small" />}
            onClick={() => onMove(index, index + by)}
            disabled={index + by < 0 || index + by >= count}
            testId={`firewall-rule-${dir}-${index}`}
          />
        ))}
        <TipIconButton
          title={t('rules.remove')}
          icon={<DeleteOutline fontSize="small" />}
          onClick={() => onRemove(index)}
          testId={`firewall-rule-remove-${index}`}
        />
      </Box>
    </Paper>
  );
}

/**
 * The firewall's rules as a table of rows to add, remove and reorder (the order is the order the
 * cloud applies them). The port follows the protocol; each problem shows on its own cell, from
 * the form's schema or from the server's `rules.3.fwrPort`.
 */
export function FirewallRuleEditor({
  control,
  setValue,
}: {
  control: Control<FirewallFormValues>;
  setValue: UseFormSetValue<FirewallFormValues>;
}) {
  const { t } = useTranslation('firewall');
  const message = useFieldMessage();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'rules' });
  const { errors } = useFormState({ control, name: 'rules' });
  const listError = errors.rules?.root ?? (errors.rules?.message ? errors.rules : undefined);
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="firewall-rules">
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('rules.empty')}
        </Typography>
      )}
      {fields.map((rule, index) => (
        <RuleRow
          key={rule.id}
          control={control}
          setValue={setValue}
          index={index}
          count={fields.length}
          onMove={move}
          onRemove={remove}
        />
      ))}
      {listError && (
        <Typography variant="caption" color="error">
          {message(listError as never, { min: 0, max: FIREWALL_RULES_MAX })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          startIcon={<Add />}
          onClick={() => append(newRule())}
          disabled={fields.length >= FIREWALL_RULES_MAX}
          data-testid="firewall-rule-add"
        >
          {t('rules.add')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('rules.hint', { max: FIREWALL_RULES_MAX })}
        </Typography>
      </Box>
    </Box>
  );
}
