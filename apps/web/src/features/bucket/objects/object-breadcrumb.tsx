import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { prefixCrumbs } from './object-paths';

/** Where the listing is: the bucket's top, then each folder down to the one shown. */
export function ObjectBreadcrumb({
  bucketName,
  prefix,
  onOpen,
}: {
  bucketName: string;
  prefix: string;
  onOpen: (prefix: string) => void;
}) {
  const { t } = useTranslation('bucketObjects');
  const crumbs = prefixCrumbs(prefix);
  const here = (name: string) => (
    <Typography variant="body2" color="text.primary" aria-current="page" sx={{ wordBreak: 'break-all' }}>
      {name}
    </Typography>
  );
  return (
    <Breadcrumbs
      aria-label={t('breadcrumb.label')}
      maxItems={6}
      itemsAfterCollapse={3}
      sx={{ '& ol': { flexWrap: 'wrap' } }}
      data-testid="object-breadcrumb"
    >
      {crumbs.length === 0 ? (
        here(bucketName)
      ) : (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onOpen('')}
          data-testid="crumb-top"
        >
          {bucketName}
        </Link>
      )}
      {crumbs.map((crumb, i) =>
        i === crumbs.length - 1 ? (
          <span key={crumb.prefix}>{here(crumb.name)}</span>
        ) : (
          <Link
            key={crumb.prefix}
            component="button"
            type="button"
            variant="body2"
            onClick={() => onOpen(crumb.prefix)}
            sx={{ wordBreak: 'break-all' }}
            data-testid={`crumb-${crumb.prefix}`}
          >
            {crumb.name}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
