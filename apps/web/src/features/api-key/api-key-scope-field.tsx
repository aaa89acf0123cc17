import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type Control, type FieldError, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ApiKeyGrant, KEY_LEAVES } from '@portal/shared';
import { useFieldMessage } from '../../components/form/use-field-message';
import { leafKey } from '../../lib/permissions/leaf-key';
import type { ApiKeyForm } from './api-key-form';

/** The scope's problem: its own, or the first of one of its grants (a server's `scope.0.level`). */
function scopeError(error: unknown): FieldError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as FieldError & { root?: FieldError };
  if (e.message) return e;
  if (e.root?.message) return e.root;
  for (const grant of Object.values(error as Record<string, unknown>)) {
    const g = grant as { leaf?: FieldError; level?: FieldError; message?: string } | undefined;
    const found = g?.message ? (g as FieldError) : (g?.leaf ?? g?.level);
    if (found?.message) return found;
  }
  return undefined;
}

/** The grants in the order of the leaves, so the body does not depend on the order of the clicks. */
const ordered = (grants: ApiKeyGrant[]) =>
  [...grants].sort((a, b) => KEY_LEAVES.indexOf(a.leaf) - KEY_LEAVES.indexOf(b.leaf));

/**
 * What the key may do: everything its user may (the default, `null`), or a chosen subset of
 * `grantable` (the user's own reach outside the account and IAM), each leaf seen or also changed;
 * "manage" is offered only where the user holds it.
 */
export function ApiKeyScopeField({
  control,
  grantable,
}: {
  control: Control<ApiKeyForm>;
  grantable: ApiKeyGrant[];
}) {
  const { t } = useTranslation(['apiKey', 'roles']);
  const message = useFieldMessage();
  const { field, formState } = useController({ control, name: 'scope' });
  const grants = field.value;
  const error = message(scopeError(formState.errors.scope));

  const set = (next: ApiKeyGrant[]) => field.onChange(ordered(next));
  const toggle = (grant: ApiKeyGrant, on: boolean) =>
    set(
      on
        ? [...(grants ?? []), { leaf: grant.leaf, level: 'view' }]
        : (grants ?? []).filter((g) => g.leaf !== grant.leaf),
    );
  const level = (grant: ApiKeyGrant, value: ApiKeyGrant['level']) =>
    set((grants ?? []).map((g) => (g.leaf === grant.leaf ? { ...g, level: value } : g)));

  return (
    <Box>
      <FormLabel id="api-key-scope" sx={{ typography: 'body2' }}>
        {t('create.scope')}
      </FormLabel>
      <RadioGroup
        aria-labelledby="api-key-scope"
        value={grants === null ? 'all' : 'some'}
        onChange={(_, value) => field.onChange(value === 'all' ? null : [])}
      >
        <FormControlLabel
          value="all"
          control={<Radio data-testid="api-key-scope-all" />}
          label={t('create.everything')}
        />
        <FormControlLabel
          value="some"
          control={<Radio data-testid="api-key-scope-some" />}
          label={t('create.subset')}
        />
      </RadioGroup>
      {grants !== null && (
        <Box
          component="ul"
          sx={{ m: 0, pl: { xs: 0, sm: 3 }, listStyle: 'none' }}
          data-testid="api-key-grants"
        >
          {grantable.map((grant) => {
            const chosen = grants.find((g) => g.leaf === grant.leaf);
            return (
              <Box
                component="li"
                key={grant.leaf}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 1,
                  flexWrap: 'wrap',
                }}
              >
                <FormControlLabel
                  control={
                    <Checkbox
                      size="small"
                      checked={Boolean(chosen)}
                      onChange={(_, on) => toggle(grant, on)}
                      slotProps={{ input: { 'data-testid': `api-key-grant-${grant.leaf}` } as object }}
                    />
                  }
                  label={t(`roles:${leafKey(grant.leaf)}`)}
                />
                {chosen &&
                  (grant.level === 'manage' ? (
                    <ToggleButtonGroup
                      size="small"
                      exclusive
                      value={chosen.level}
                      onChange={(_, value: ApiKeyGrant['level'] | null) => value && level(grant, value)}
                      aria-label={t(`roles:${leafKey(grant.leaf)}`)}
                    >
                      {(['view', 'manage'] as const).map((l) => (
                        <ToggleButton key={l} value={l} data-testid={`api-key-level-${grant.leaf}-${l}`}>
                          {t(`roles:levels.${l}`)}
                        </ToggleButton>
                      ))}
                    </ToggleButtonGroup>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {t('roles:levels.view')}
                    </Typography>
                  ))}
              </Box>
            );
          })}
        </Box>
      )}
      <FormHelperText error={Boolean(error)} data-testid="api-key-scope-error">
        {error ?? (grants === null ? t('create.everythingHint') : t('create.subsetHint'))}
      </FormHelperText>
    </Box>
  );
}
