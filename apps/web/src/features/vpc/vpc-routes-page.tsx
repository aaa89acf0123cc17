import { useEffect, useMemo } from 'react';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Lock from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Control, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  RouteTargetType,
  type Vpc,
  type VpcRouteInput,
  type VpcRouteTable,
  type VpcRoutesPut,
  canEditVpcRoutes,
  isIPv4,
  isIPv4Range,
  routePath,
  VPC_ROUTES_MAX,
  vpcRoutesFormSchema,
} from '@portal/shared';
import { ConsolePage } from '../../components/console-page';
import { applyServerErrors } from '../../components/form/apply-server-errors';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormTextField } from '../../components/form/form-text-field';
import { PageSpinner } from '../../components/page-spinner';
import { resourceKeys } from '../../lib/api/query-keys';
import { isApiError } from '../../lib/api/api-error';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { toast } from '../../lib/toast/toast-store';
import { fieldProps } from '../../components/form/field-props';
import { putVpcRoutes, useAllVpcs, useVpcRoutes } from './vpc-api';
import { vpcStatus } from './vpc-base';
import { cloudReasonText } from '../../lib/format/cloud-reason';

const EDITABLE_TYPES = [RouteTargetType.MANUAL, RouteTargetType.DEFAULT, RouteTargetType.VPC] as const;

const asInput = (routes: VpcRouteTable['routes']): VpcRouteInput[] =>
  routes
    .filter((r) => r.targetType !== RouteTargetType.LOCAL)
    .map((r) => ({ destination: r.destination, targetType: r.targetType, target: r.target }));

/** The target field of a row: an IPv4 next hop, another VPC, or the fixed default gateway. */
function TargetField({
  control,
  index,
  peers,
  disabled,
}: {
  control: Control<VpcRoutesPut>;
  index: number;
  peers: Vpc[];
  disabled: boolean;
}) {
  const { t } = useTranslation(['vpc', 'enums']);
  const type = Number(useWatch({ control, name: `routes.${index}.targetType` }));
  const field = fieldProps(control, t);
  if (type === RouteTargetType.MANUAL) {
    return (
      <FormTextField
        {...field(`routes.${index}.target`, t('routes.nextHop'))}
        rule={isIPv4}
        placeholder="10.1.0.10"
        required
        disabled={disabled}
        autoComplete="off"
      />
    );
  }
  if (type === RouteTargetType.VPC) {
    return (
      <FormSelectField {...field(`routes.${index}.target`, t('routes.peer'))} required>
        {peers.length === 0 ? (
          <MenuItem value="" disabled>
            {t('routes.noPeers')}
          </MenuItem>
        ) : (
          peers.map((p) => (
            <MenuItem key={p.netUuid} value={p.netUuid}>
              {p.netName} ({p.cidrIpv4})
            </MenuItem>
          ))
        )}
      </FormSelectField>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
      {t('routes.defaultTarget')}
    </Typography>
  );
}

function RouteEditor({ table }: { table: VpcRouteTable }) {
  const { t } = useTranslation(['vpc', 'enums', 'apiError', 'common', 'resource']);
  const { can } = usePermissions();
  const client = useQueryClient();
  const vpcs = useAllVpcs();
  const peers = useMemo(
    () => (vpcs.data ?? []).filter((v) => v.netUuid !== table.netUuid && v.status !== 6),
    [vpcs.data, table.netUuid],
  );
  const peerIds = useMemo(
    () => (vpcs.data ? new Set(peers.map((p) => p.netUuid)) : null),
    [vpcs.data, peers],
  );
  const schema = useMemo(() => vpcRoutesFormSchema(table, peerIds), [table, peerIds]);
  const { control, handleSubmit, setError, reset } = useForm<VpcRoutesPut>({
    resolver: zodResolver(schema) as unknown as Resolver<VpcRoutesPut>,
    defaultValues: { routes: asInput(table.routes) },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'routes' });
  const allowed = canEditVpcRoutes(table);
  const busy = vpcStatus.busy(table);
  const locked = allowed !== true || !can('network/vpc/manage');
  // Once the cloud has programmed the table, the form shows what it now holds.
  const settled = !busy ? table.routes : null;
  useEffect(() => {
    if (settled) reset({ routes: asInput(settled) });
  }, [settled, reset]);
  const save = useMutation({
    mutationFn: (body: VpcRoutesPut) => putVpcRoutes(table.netUuid, body),
    onSuccess: (answer) => {
      client.setQueryData([...resourceKeys('/vpcs').detail(table.netUuid), 'routes'], answer);
      toast.success('vpc:toasts.routes', { name: table.netName });
    },
    onError: (error) => void applyServerErrors(error, setError, () => true),
    onSettled: () => client.invalidateQueries({ queryKey: resourceKeys('/vpcs').all }),
  });
  const local = table.routes.find((r) => r.targetType === RouteTargetType.LOCAL)!;
  const row = {
    display: 'grid',
    gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr 1.4fr auto' },
    columnGap: 2,
    rowGap: 1,
    alignItems: 'start',
  };
  const field = fieldProps(control, t);
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit((body) => save.mutate(body))}
      data-testid="vpc-routes-form"
    >
      {busy && (
        <Alert severity="info" data-testid="vpc-routes-busy">
          {t('routes.programming')}
        </Alert>
      )}
      {!busy && table.statusReason && (
        <Alert severity="error" data-testid="vpc-routes-failed">
          {t('routes.failed', { reason: cloudReasonText(table.statusReason, t) })}
        </Alert>
      )}
      {allowed !== true && !busy && <Alert severity="warning">{t(`apiError:${allowed}`)}</Alert>}
      {!can('network/vpc/manage') && <Alert severity="info">{t('resource:readOnly')}</Alert>}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Box sx={row} data-testid="vpc-route-local">
            <Box>
              <Typography variant="caption" color="text.secondary">
                {t('routes.destination')}
              </Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {local.destination}
              </Typography>
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary">
                {t('routes.targetType')}
              </Typography>
              <Typography variant="body2">{t(`enums:routeTargetType.${RouteTargetType.LOCAL}`)}</Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {t('routes.localHint')}
            </Typography>
            <Tooltip title={t('routes.localLocked')}>
              <Box sx={{ p: 1, color: 'text.secondary', display: 'flex' }}>
                <Lock fontSize="small" aria-label={t('routes.localLocked')} />
              </Box>
            </Tooltip>
          </Box>
          {fields.map((route, index) => (
            <Box
              key={route.id}
              sx={{ ...row, borderTop: 1, borderColor: 'divider', pt: 2 }}
              data-testid={`vpc-route-${index}`}
            >
              <FormTextField
                {...field(`routes.${index}.destination`, t('routes.destination'))}
                rule={isIPv4Range}
                placeholder="0.0.0.0/0"
                required
                disabled={locked}
                autoComplete="off"
              />
              <FormSelectField {...field(`routes.${index}.targetType`, t('routes.targetType'))} required>
                {EDITABLE_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`enums:routeTargetType.${type}`)}
                  </MenuItem>
                ))}
              </FormSelectField>
              <TargetField control={control} index={index} peers={peers} disabled={locked} />
              <IconButton
                onClick={() => remove(index)}
                disabled={locked}
                aria-label={t('routes.remove')}
                data-testid={`vpc-route-remove-${index}`}
                sx={{ justifySelf: { xs: 'end', md: 'auto' } }}
              >
                <DeleteOutline />
              </IconButton>
            </Box>
          ))}
          {fields.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('routes.none')}
            </Typography>
          )}
        </Stack>
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button
          startIcon={<Add />}
          onClick={() => append({ destination: '', targetType: RouteTargetType.MANUAL, target: '' })}
          disabled={locked || fields.length >= VPC_ROUTES_MAX - 1}
          data-testid="vpc-route-add"
        >
          {t('routes.add')}
        </Button>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button component={Link} to={routePath('vpcNets')} color="secondary" disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={locked || save.isPending}
            data-testid="vpc-routes-save"
          >
            {t('routes.save')}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}

/** The route table editor (editNetRoute/{netId}): the table replaced as a whole, in order. */
export function VpcRoutesPage() {
  const { t } = useTranslation(['vpc', 'resource']);
  const id = Object.values(useParams())[0];
  const table = useVpcRoutes(id);
  let content;
  if (table.isPending) content = <PageSpinner />;
  else if (!table.data)
    content = (
      <Alert severity="warning" data-testid="vpc-not-found">
        {t(
          isApiError(table.error) && table.error.status === 404
            ? 'resource:detail.notFound'
            : 'resource:detail.failed',
        )}
      </Alert>
    );
  else content = <RouteEditor table={table.data} />;
  return (
    <ConsolePage
      title={table.data ? t('routes.titleOf', { name: table.data.netName }) : t('routes.title')}
      subtitle={t('routes.subtitle')}
    >
      {content}
    </ConsolePage>
  );
}
