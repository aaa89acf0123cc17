import { type ReactNode, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import History from '@mui/icons-material/History';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routePath } from '@portal/shared';
import { isApiError } from '../../lib/api/api-error';
import type { CellContext, KitTab, ResourceDefinition } from '../../lib/resource-kit/definition';
import { useResourceDetail } from '../../lib/resource-kit/resource-queries';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { PageSpinner } from '../page-spinner';
import { HeaderRow } from '../header-row';
import { ActionControls } from './action-controls';
import { useActionRunner } from './action-runner';
import { DetailFields } from './detail-fields';
import { RelatedList } from './related-list';
import { TagsTab } from './tags';
import { BackLink } from '../back-link';

const INFO = 'info';
const TAGS = 'tags';

/**
 * The detail page of a declared resource: its name and actions, then tabs (in the address as
 * `?tab=`, so Back and reload keep it): the declared fields, the declared tabs (other resources'
 * lists filtered by this one among them) and its tags. Polls while the resource is busy.
 */
export function ResourceDetailPage<T>({ def }: { def: ResourceDefinition<T> }) {
  const { t, i18n } = useTranslation([def.namespace, 'resource', 'enums', 'apiError']);
  const { can } = usePermissions();
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const id = Object.values(useParams())[0];
  const [params, setParams] = useSearchParams();
  const detail = useResourceDetail(def, id);
  const listPath = routePath(def.routes.list);
  const runner = useActionRunner(def, {
    onSucceeded: (action) => {
      if (action.leavesDetail) navigate(listPath);
    },
  });
  // Tags have their own tab here: the list's tags action would only repeat it.
  const actions = useMemo(() => def.actions ?? [], [def]);
  const ctx: CellContext = { t, language: i18n.language, phone };

  const tabs: KitTab<T>[] = [
    { id: INFO },
    ...(def.detail?.tabs ?? []).filter((tab) => !tab.authority || can(tab.authority)),
    ...(def.tags ? [{ id: TAGS }] : []),
  ];
  const asked = params.get('tab');
  const tab = tabs.find((x) => x.id === asked) ?? tabs[0]!;
  const row = detail.data;

  const back = <BackLink to={listPath}>{t('list.title')}</BackLink>;

  let content: ReactNode;
  if (detail.isPending) content = <PageSpinner />;
  else if (!row) {
    const gone = isApiError(detail.error) && detail.error.status === 404;
    content = (
      <Alert severity="warning" data-testid={`${def.name}-not-found`}>
        {t(gone ? 'resource:detail.notFound' : 'resource:detail.failed')}
      </Alert>
    );
  } else {
    const tabLabel = (x: KitTab<T>) =>
      x.id === INFO || x.id === TAGS ? t(`resource:tabs.${x.id}`) : t(`tabs.${x.id}`);
    let panel: ReactNode;
    if (tab.id === INFO)
      panel = (
        <DetailFields fields={def.detail?.fields ?? []} row={row} ctx={ctx} namespace={def.namespace} />
      );
    else if (tab.id === TAGS) panel = <TagsTab def={def} row={row} />;
    else if (tab.related) panel = <RelatedList name={tab.related.resource} fixed={tab.related.filter(row)} />;
    else panel = tab.render?.(row);
    content = (
      <>
        <HeaderRow from="md">
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
              {def.title(row)}
            </Typography>
            {/* A resource known by its name (a bucket) has no other id to show. */}
            {def.id(row) !== def.title(row) && (
              <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {def.id(row)}
              </Typography>
            )}
            {def.auditTarget && can('iam/audit') && (
              <Box>
                <Button
                  component={Link}
                  to={`${routePath('auditLog')}?${new URLSearchParams({ targetType: def.auditTarget, targetId: def.id(row) })}`}
                  size="small"
                  startIcon={<History />}
                  sx={{ mt: 0.5, ml: -0.5 }}
                  data-testid={`${def.name}-activity`}
                >
                  {t('resource:detail.activity')}
                </Button>
              </Box>
            )}
          </Box>
          <ActionControls
            def={def}
            row={row}
            actions={actions}
            variant={phone ? 'menu' : 'buttons'}
            menuLabel={phone ? t('resource:list.actions') : undefined}
            onRun={(action) => runner.start(action, [row])}
            can={can}
            t={t}
          />
        </HeaderRow>
        <Tabs
          value={tab.id}
          onChange={(_, value: string) => setParams(value === INFO ? {} : { tab: value })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('resource:tabs.label')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((x) => (
            <Tab
              key={x.id}
              value={x.id}
              label={tabLabel(x)}
              id={`${def.name}-tab-${x.id}`}
              aria-controls={`${def.name}-panel`}
              data-testid={`${def.name}-tab-${x.id}`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`${def.name}-panel`}
          aria-labelledby={`${def.name}-tab-${tab.id}`}
          sx={{ pt: 2 }}
        >
          {tab.related ? (
            panel
          ) : (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              {panel}
            </Paper>
          )}
        </Box>
        {runner.element}
      </>
    );
  }

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1440, mx: 'auto' }} data-testid={`${def.name}-detail`}>
      {back}
      {content}
    </Box>
  );
}
