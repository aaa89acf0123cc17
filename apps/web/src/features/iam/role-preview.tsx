import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AUTHORITY_LEAVES, authorityForRoles, hasAuthority } from '@portal/shared';
import { leafKey } from '../../lib/permissions/leaf-key';

/**
 * What a set of roles allows, leaf by leaf: manage, view or nothing, walked with the same tree the
 * server will build for the user.
 */
export function RolePreview({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation('roles');
  const tree = authorityForRoles(roles);
  const rows = AUTHORITY_LEAVES.map((leaf) => ({
    leaf,
    level: hasAuthority(tree, `${leaf}/manage`) ? 'manage' : hasAuthority(tree, leaf) ? 'view' : null,
  })).filter((r) => r.level !== null);

  return (
    <Box data-testid="role-preview">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('preview.title')}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('preview.nothing')}
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            m: 0,
            p: 0,
            listStyle: 'none',
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            columnGap: 2,
            rowGap: 0.5,
          }}
        >
          {rows.map(({ leaf, level }) => (
            <Box
              component="li"
              key={leaf}
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                py: 0.25,
              }}
              data-testid={`role-preview-${leaf}`}
            >
              <Typography variant="body2">{t(leafKey(leaf))}</Typography>
              <Chip
                size="small"
                variant={level === 'manage' ? 'filled' : 'outlined'}
                color={level === 'manage' ? 'primary' : 'default'}
                label={t(`levels.${level}`)}
              />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
