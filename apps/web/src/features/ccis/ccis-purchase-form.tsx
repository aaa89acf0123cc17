import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type CcisContract,
  type CcisPurchase,
  type CcisPurchasePlan,
  CCIS_CONTRACT_MONTHS,
  ccisMonthlyEstimate,
  ccisPurchaseSchema,
  ccisTermTotal,
  isCcisCommitGb,
  planCcisPurchase,
} from '@portal/shared';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { EstimateLines } from '../../components/estimate-lines';
import { applyServerErrors } from '../../components/form/apply-server-errors';
import { FormNumberField } from '../../components/form/form-number-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormSwitchField } from '../../components/form/form-switch-field';
import { usePriceCodes } from '../products';
import { formatMoney } from '../../lib/format/money';
import { toI18nKey } from '../../lib/i18n/message-key';
import { toast } from '../../lib/toast/toast-store';
import { SectionPanel } from '../../components/section-panel';
import { fieldProps } from '../../components/form/field-props';
import { usePurchaseCcis } from './ccis-api';
import { formatGb } from './ccis-format';

/** A fresh idempotency key (crypto.randomUUID needs a secure context; the bytes do not). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const sameRequest = (a: CcisPurchase | null, b: CcisPurchase) =>
  a !== null && a.commitGb === b.commitGb && a.months === b.months && a.autoExtend === b.autoExtend;

/**
 * Buy or adjust the contract: the commitment, the term and auto-extend, checked as typed with the
 * rules the server applies (planCcisPurchase), the price live from the price list, and a confirm
 * dialog that repeats what will happen and what it costs before anything is bought.
 */
export function CcisPurchaseForm({ contract }: { contract: CcisContract }) {
  const { t, i18n } = useTranslation(['ccis', 'apiError']);
  const prices = usePriceCodes();
  const purchase = usePurchaseCcis();
  const { current } = contract;
  const { control, handleSubmit, setError } = useForm<CcisPurchase>({
    resolver: zodResolver(ccisPurchaseSchema) as unknown as Resolver<CcisPurchase>,
    // Checked as typed: the price and the rules' answer follow the field.
    mode: 'onChange',
    defaultValues: {
      commitGb: current?.commitGb ?? 1000,
      months: current?.months ?? 12,
      autoExtend: current?.autoExtend ?? true,
    },
  });
  const [commitGb, months, autoExtend] = useWatch({ control, name: ['commitGb', 'months', 'autoExtend'] });
  const [confirming, setConfirming] = useState<{ values: CcisPurchase; plan: CcisPurchasePlan } | null>(null);
  // One key per purchase the customer confirms: kept for a retry of the same request, new after
  // a purchase went through or when the request changes.
  const attempt = useRef<{ key: string; values: CcisPurchase } | null>(null);

  const values = { commitGb, months, autoExtend } as CcisPurchase;
  const valid = ccisPurchaseSchema.safeParse(values).success;
  const plan = valid ? planCcisPurchase({ current }, values, contract.today, contract.purchasedToday) : null;
  const refusal = typeof plan === 'string' ? plan : null;
  const planned = plan && typeof plan !== 'string' ? plan : null;
  const lang = i18n.language;
  const gb = valid ? commitGb : 0;
  const monthly = prices.data && ccisMonthlyEstimate(prices.data, gb);
  const termTotal = prices.data && valid ? ccisTermTotal(prices.data, commitGb, months) : null;

  const describe = (p: CcisPurchasePlan, v: CcisPurchase) =>
    t(`plan.${p.kind}`, { value: formatGb(v.commitGb, lang), begin: p.beginDate, expire: p.expireDate });

  const confirm = () => {
    if (!confirming) return;
    const { values: v } = confirming;
    if (!attempt.current || !sameRequest(attempt.current.values, v)) {
      attempt.current = { key: newIdempotencyKey(), values: v };
    }
    purchase.mutate(
      { key: attempt.current.key, purchase: v },
      {
        onSuccess: (term) => {
          attempt.current = null;
          setConfirming(null);
          toast.success('ccis.toasts.purchased', { orderId: term.orderId });
        },
        onError: (error) => {
          setConfirming(null);
          applyServerErrors(error, setError, ['commitGb', 'months', 'autoExtend']);
        },
      },
    );
  };

  const field = fieldProps(control, t);
  return (
    <SectionPanel title={t(current ? 'form.adjustTitle' : 'form.buyTitle')} hint={t('form.rules')}>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((v) => {
          const p = planCcisPurchase({ current }, v, contract.today, contract.purchasedToday);
          if (typeof p !== 'string') setConfirming({ values: v, plan: p });
        })}
        data-testid="ccis-form"
      >
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, rowGap: 1 }}
        >
          <FormNumberField
            {...field('commitGb')}
            rule={isCcisCommitGb}
            required
            htmlInput={{ step: 100, min: 1000 }}
          />
          <FormSelectField {...field('months')} required>
            {CCIS_CONTRACT_MONTHS.map((m) => (
              <MenuItem key={m} value={m}>
                {t('values.months', { count: m })}
              </MenuItem>
            ))}
          </FormSelectField>
        </Box>
        <FormSwitchField {...field('autoExtend')} on off={false} />

        {refusal && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="ccis-refusal">
            {t(toI18nKey(`apiError.${refusal}`))}
            {refusal === 'CCIS_REDUCE_ON_LAST_MONTH' && current && (
              <> {t('form.reduceOpens', { date: current.expireDate })}</>
            )}
          </Alert>
        )}
        {planned && (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="ccis-plan">
            {describe(planned, values)}
          </Alert>
        )}

        <Box sx={{ mt: 2 }}>
          <EstimateLines estimate={monthly} testId="ccis-price" />
          {termTotal && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
              data-testid="ccis-price-term"
            >
              {t('values.termTotal', { count: months, amount: formatMoney(termTotal) })}
            </Typography>
          )}
        </Box>

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={Boolean(refusal) || purchase.isPending}
            data-testid="ccis-submit"
          >
            {t(current ? 'actions.adjust' : 'actions.buy')}
          </Button>
        </Box>
      </Box>

      <ConfirmDialog
        open={confirming !== null}
        title={t('confirm.title')}
        body={
          confirming && (
            <Box data-testid="ccis-confirm-body">
              <Typography sx={{ mb: 2 }}>{describe(confirming.plan, confirming.values)}</Typography>
              {prices.data && (
                <>
                  <EstimateLines
                    estimate={ccisMonthlyEstimate(prices.data, confirming.values.commitGb)}
                    testId="ccis-confirm-price"
                  />
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {t('values.termTotal', {
                      count: confirming.values.months,
                      amount: formatMoney(
                        ccisTermTotal(prices.data, confirming.values.commitGb, confirming.values.months),
                      ),
                    })}
                  </Typography>
                </>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {t(confirming.values.autoExtend ? 'confirm.autoExtendOn' : 'confirm.autoExtendOff')}
              </Typography>
            </Box>
          )
        }
        confirmLabel={t('confirm.buy')}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </SectionPanel>
  );
}
