import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { canGrantRole, ROLE_IDS, type AuthorityTree } from '@portal/shared';

interface RolePickerProps {
  value: readonly string[];
  onChange: (roles: string[]) => void;
  /** The signed-in user's tree: roles beyond it cannot be handed out (the server says so too). */
  authority: AuthorityTree;
  error?: string;
  disabled?: boolean;
}

/** One checkbox per role of the catalogue, each with what it is for in the customer's words. */
export function RolePicker({ value, onChange, authority, error, disabled }: RolePickerProps) {
  const { t } = useTranslation('roles');
  const toggle = (id: string, on: boolean) =>
    onChange(on ? ROLE_IDS.filter((r) => r === id || value.includes(r)) : value.filter((r) => r !== id));

  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} data-testid="role-picker">
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {t('picker.label')}
      </FormLabel>
      <Stack spacing={0.5}>
        {ROLE_IDS.map((id) => {
          const grantable = canGrantRole(authority, id);
          return (
            <FormControlLabel
              key={id}
              sx={{ alignItems: 'flex-start', m: 0 }}
              disabled={disabled || (!grantable && !value.includes(id))}
              control={
                <Checkbox
                  checked={value.includes(id)}
                  onChange={(e) => toggle(id, e.target.checked)}
                  slotProps={{ input: { 'aria-describedby': `role-${id}-desc` } }}
                  data-testid={`role-${id}`}
                  sx={{ mt: -0.75 }}
                />
              }
              label={
                <>
                  <Typography variant="body1">{t(`names.${id}`)}</Typography>
                  <Typography id={`role-${id}-desc`} variant="body2" color="text.secondary">
                    {t(`descriptions.${id}`)}
                    {!grantable && ` ${t('picker.beyondYours')}`}
                  </Typography>
                </>
              }
            />
          );
        })}
      </Stack>
      <FormHelperText>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}
