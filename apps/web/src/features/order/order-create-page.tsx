import { useCallback, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  ANNUAL_CONTRACT_MONTHS,
  type OrderCreate,
  type Vm,
  canConvertVmToAnnual,
  routePath,
} from '@portal/shared';
import { ConsolePage } from '../../components/console-page';
import { PasswordConfirmDialog } from '../../components/dialogs/password-confirm-dialog';
import { EstimateLines } from '../../components/estimate-lines';
import { api } from '../../lib/api/api-client';
import { formatMoney } from '../../lib/format/money';
import { toI18nKey } from '../../lib/i18n/message-key';
import { toast } from '../../lib/toast/toast-store';
import { SectionPanel } from '../../components/section-panel';
import { newIdempotencyKey, useConvertVm, useOrderQuote } from './order-api';
import { OrderVmPicker } from './order-vm-picker';

type Months = (typeof ANNUAL_CONTRACT_MONTHS)[number];
type Request = Omit<OrderCreate, 'currentPassword'> & { vmId: string; months: Months; autoRenew: boolean };

/** a − b of two exact amounts with four places ("73759.2000" − "52560.0000"), never through a float. */
function minus(a: string, b: string): string {
  const units = (s: string) => {
    const [whole = '0', part = ''] = s.split('.');
    return BigInt(whole) * 10_000n + BigInt(part.padEnd(4, '0').slice(0, 4));
  };
  const d = units(a) - units(b);
  const abs = d < 0n ? -d : d;
  return `${d < 0n ? '-' : ''}${abs / 10_000n}.${String(abs % 10_000n).padStart(4, '0')}`;
}

const same = (a: Request | null, b: Request) =>
  a !== null && a.vmId === b.vmId && a.months === b.months && a.autoRenew === b.autoRenew;

/** The VM named in `?vm=` (a link from the VM page), when it is one of the tenant's on-demand VMs. */
function useLinkedVm(id: string | null) {
  return useQuery({
    queryKey: ['/vms', 'detail', id ?? ''],
    queryFn: () => api.get<Vm>(`/vms/${encodeURIComponent(id ?? '')}`, { track: false, handleErrors: true }),
    enabled: id !== null,
    retry: false,
  });
}

/**
 * Create an annual order (route orderCreate): choose an on-demand VM, a term of 12, 24 or 36
 * months and auto-renew, see the annual price against the on-demand price for the term (priced by
 * the server from the price list of the day, the figure the order fixes), confirm with the login
 * password. One idempotency key per confirmed request: a retry never orders twice.
 */
export default function OrderCreatePage() {
  const { t } = useTranslation(['order', 'resource', 'apiError', 'enums']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linked = useLinkedVm(params.get('vm'));
  const [picked, setPicked] = useState<Vm | null>(null);
  const vm = picked ?? (linked.data && !linked.data.isAnnual ? linked.data : null);
  const [months, setMonths] = useState<Months>(12);
  const [autoRenew, setAutoRenew] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const quote = useOrderQuote(vm?.uuid ?? null, months);
  const convert = useConvertVm();
  const attempt = useRef<{ key: string; request: Request } | null>(null);
  const onSelect = useCallback((v: Vm) => setPicked(v), []);

  const rule = vm ? canConvertVmToAnnual(vm) : null;
  const price =
    quote.data && vm && quote.data.vmId === vm.uuid && quote.data.months === months ? quote.data : null;

  const submit = (currentPassword: string) => {
    if (!vm) return;
    const request: Request = { vmId: vm.uuid, months, autoRenew };
    if (!same(attempt.current?.request ?? null, request))
      attempt.current = { key: newIdempotencyKey(), request };
    convert.mutate(
      { key: attempt.current!.key, order: { ...request, currentPassword } },
      {
        onSuccess: (order) => {
          attempt.current = null;
          setConfirming(false);
          toast.success('order.toasts.created', { orderNo: order.orderNo, name: order.resName });
          navigate(routePath('orderManage'));
        },
      },
    );
  };

  return (
    <ConsolePage
      title={t('create.title')}
      subtitle={t('create.subtitle')}
      actions={
        <Button variant="outlined" color="secondary" component={Link} to={routePath('orderManage')}>
          {t('actions.back')}
        </Button>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(320px, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <SectionPanel title={t('create.stepVm')} hint={t('create.vmHint')}>
            <OrderVmPicker selected={vm} onSelect={onSelect} />
          </SectionPanel>
          <SectionPanel title={t('create.stepTerm')}>
            <ToggleButtonGroup
              exclusive
              color="primary"
              value={months}
              onChange={(_e, value: Months | null) => value && setMonths(value)}
              aria-label={t('fields.contractMonth')}
              sx={{ mb: 2, width: { xs: '100%', sm: 'auto' } }}
            >
              {ANNUAL_CONTRACT_MONTHS.map((m) => (
                <ToggleButton
                  key={m}
                  value={m}
                  data-testid={`order-months-${m}`}
                  sx={{ px: { xs: 1, sm: 3 }, flex: { xs: 1, sm: 'none' }, whiteSpace: 'nowrap' }}
                >
                  {t('values.months', { count: m })}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <FormControlLabel
              sx={{ display: 'flex' }}
              control={
                <Switch
                  checked={autoRenew}
                  onChange={(e) => setAutoRenew(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'order-auto-renew' } as object }}
                />
              }
              label={t('fields.autoRenew')}
            />
            <Typography variant="body2" color="text.secondary">
              {t(autoRenew ? 'create.autoRenewOn' : 'create.autoRenewOff')}
            </Typography>
          </SectionPanel>
        </Stack>

        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, position: { lg: 'sticky' }, top: { lg: 80 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('create.stepPrice')}
          </Typography>
          {!vm ? (
            <Typography color="text.secondary" data-testid="order-price-empty">
              {t('create.chooseVm')}
            </Typography>
          ) : (
            <Box data-testid="order-price">
              <Typography sx={{ fontWeight: 600 }} data-testid="order-chosen-vm">
                {vm.name} · {t('values.spec', { cpu: vm.cpuCore, ram: vm.ramSize })}
              </Typography>
              {price && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ mb: 1 }}
                  data-testid="order-term-dates"
                >
                  {t('values.term', { from: price.orderDate, to: price.orderEDate })}
                </Typography>
              )}
              <Typography variant="subtitle2" sx={{ mt: 2 }}>
                {t('create.annualMonthly')}
              </Typography>
              <EstimateLines estimate={price?.monthly} testId="order-annual" />
              {price && (
                <Box
                  sx={{ mt: 2, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, columnGap: 2 }}
                >
                  <Typography variant="body2">{t('create.annualTerm', { count: months })}</Typography>
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 700, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                    data-testid="order-annual-term"
                  >
                    {t('values.amount', { amount: formatMoney(price.term) })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('create.onDemandTerm', { count: months })}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                    data-testid="order-on-demand-term"
                  >
                    {t('values.amount', { amount: formatMoney(price.onDemandTerm) })}
                  </Typography>
                  <Divider sx={{ gridColumn: '1 / -1', my: 0.5 }} />
                  <Typography variant="body2" color="success.main">
                    {t('create.saving')}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="success.main"
                    sx={{ fontWeight: 700, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                    data-testid="order-saving"
                  >
                    {t('values.amount', { amount: formatMoney(minus(price.onDemandTerm, price.term)) })}
                  </Typography>
                </Box>
              )}
              {rule !== true && rule !== null && (
                <Alert severity="warning" sx={{ mt: 2 }}>
                  {t(toI18nKey(`apiError.${rule}`))}
                </Alert>
              )}
            </Box>
          )}
          <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
            {t('create.fixed')}
          </Alert>
          <Button
            fullWidth
            variant="contained"
            sx={{ mt: 2 }}
            disabled={!vm || rule !== true || !price || convert.isPending}
            onClick={() => setConfirming(true)}
            data-testid="order-submit"
          >
            {t('actions.order')}
          </Button>
        </Paper>
      </Box>

      <PasswordConfirmDialog
        open={confirming}
        title={t('confirm.title')}
        body={
          vm &&
          price && (
            <Typography sx={{ mb: 2 }} data-testid="order-confirm-body">
              {t('confirm.body', {
                name: vm.name,
                count: months,
                from: price.orderDate,
                to: price.orderEDate,
                amount: formatMoney(price.term),
                monthly: formatMoney(price.monthly.total),
              })}
            </Typography>
          )
        }
        confirmLabel={t('confirm.submit')}
        onConfirm={submit}
        onCancel={() => setConfirming(false)}
      />
    </ConsolePage>
  );
}
