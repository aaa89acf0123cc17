import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CcxType, EX_CLOUD_TABS, type ExCloudTab, type PublicCloudType, routePath } from '@portal/shared';
import { ConsolePage } from '../../components/console-page';
import { ResourceList } from '../../components/resource-kit/resource-list';
import { Authorized } from '../../lib/permissions/authorized';
import { useCredentials } from './credential-api';
import { CredentialPanel } from './credential-panel';
import { exchangeResource } from './exchange-resource';

/**
 * The exCloud page (spec section 2: "External cloud connections (AWS, Azure, GCP tables)"): a tab
 * per provider, in the address (`?tab=gcp`), each with that provider's connections and, for the
 * three public clouds, its credential and the VMs seen with it. A `?search=` in the address (a
 * console search hit) starts the tab's list searched for it; choosing a tab drops it.
 */
export function ExCloudPage() {
  const { t } = useTranslation(['exCloud', 'resource', 'enums']);
  const [params, setParams] = useSearchParams();
  const current = EX_CLOUD_TABS.find((p) => p.tab === params.get('tab')) ?? EX_CLOUD_TABS[0];
  const fixed = useMemo(() => ({ ccxType: String(current.ccxType) }), [current.ccxType]);
  const credentials = useCredentials();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const select = (tab: ExCloudTab) => setParams({ tab }, { replace: true });

  return (
    <ConsolePage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        <Authorized authority={exchangeResource.authority.manage}>
          <Button
            component={Link}
            to={`${routePath('createExCloud')}?ccxType=${current.ccxType}`}
            variant="contained"
            startIcon={<Add />}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            data-testid="exchange-create"
          >
            {t('actions.create')}
          </Button>
        </Authorized>
      }
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={current.tab}
          onChange={(_, tab: ExCloudTab) => select(tab)}
          variant={phone ? 'fullWidth' : 'standard'}
          aria-label={t('tabs.label')}
        >
          {EX_CLOUD_TABS.map((p) => (
            <Tab
              key={p.tab}
              value={p.tab}
              label={t(`enums:ccxType.${p.ccxType}`)}
              id={`ex-cloud-tab-${p.tab}`}
              aria-controls={`ex-cloud-panel-${p.tab}`}
              data-testid={`ex-cloud-tab-${p.tab}`}
            />
          ))}
        </Tabs>
      </Box>
      <Stack
        spacing={3}
        role="tabpanel"
        id={`ex-cloud-panel-${current.tab}`}
        aria-labelledby={`ex-cloud-tab-${current.tab}`}
      >
        <Box>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('connections.title', { provider: t(`enums:ccxType.${current.ccxType}`) })}
          </Typography>
          {/* A list per tab: each keeps its own page, search and filters while it is shown. */}
          <ResourceList
            key={current.tab}
            def={exchangeResource}
            fixed={fixed}
            initialSearch={params.get('search') ?? undefined}
          />
        </Box>
        {current.ccxType !== CcxType.CCX && (
          <CredentialPanel
            key={current.tab}
            type={current.ccxType as PublicCloudType}
            credential={credentials.data?.find((c) => c.type === current.ccxType)}
          />
        )}
      </Stack>
    </ConsolePage>
  );
}
