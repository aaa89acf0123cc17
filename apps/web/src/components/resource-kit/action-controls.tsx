import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import MoreVert from '@mui/icons-material/MoreVert';
import type { TFunction } from 'i18next';
import { type ActionState, actionState, reasonKey } from '../../lib/resource-kit/action-gate';
import {
  type KitAction,
  type ListDefinition,
  type ListSubject,
  actionLabel,
} from '../../lib/resource-kit/definition';
import { toI18nKey } from '../../lib/i18n/message-key';
import type { PermissionState } from '../../lib/permissions/use-permissions';

type Shown<T> = { action: KitAction<T>; state: Extract<ActionState, { visible: true }> };

/** The list or resource whose row shows the actions: test ids, names, the manage authority. */
type ActionsOf<T> = ListSubject<T> & Pick<ListDefinition<T>, 'testKey'>;

/** The actions a row shows for the signed-in user (those it has at all), with whether each may run now. */
function rowActions<T>(
  def: ActionsOf<T>,
  row: T,
  actions: readonly KitAction<T>[],
  can: PermissionState['can'],
) {
  return actions
    .filter((action) => action.bulk !== 'only' && (action.shown?.(row) ?? true))
    .map((action) => ({ action, state: actionState(action, row, can, def.authority.manage) }))
    .filter((a): a is Shown<T> => a.state.visible);
}

interface ActionControlsProps<T> {
  def: ActionsOf<T>;
  row: T;
  actions: readonly KitAction<T>[];
  onRun: (action: KitAction<T>) => void;
  /**
   * `icons`: a table row: primary actions as icon buttons, the rest in a menu. `buttons`: the
   * detail page's header, every action a labelled button. `menu`: all in one menu (a phone).
   */
  variant: 'icons' | 'buttons' | 'menu';
  /** The menu's button as labelled text (a detail page on a phone) instead of an icon. */
  menuLabel?: string;
  /**
   * The page's rights and translations (with the resource's, `resource` and `apiError`
   * namespaces): a list draws this in every row, and a hook per row was a query observer and an
   * i18n listener each.
   */
  can: PermissionState['can'];
  t: TFunction;
}

/** A row's actions: disabled ones say why (the shared rule's `apiError.*` message). */
export function ActionControls<T>({
  def,
  row,
  actions,
  onRun,
  variant,
  menuLabel,
  can,
  t,
}: ActionControlsProps<T>) {
  const shown = rowActions(def, row, actions, can);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = def.testKey ? def.testKey(row) : def.id(row);
  const name = def.title(row);
  if (shown.length === 0) return null;

  const label = (a: KitAction<T>) => t(actionLabel(a));
  const reason = (s: Shown<T>['state']) => (s.enabled ? undefined : t(toI18nKey(reasonKey(s.reason))));
  const inline =
    variant === 'buttons' ? shown : variant === 'icons' ? shown.filter((s) => s.action.primary) : [];
  const folded = shown.filter((s) => !inline.includes(s));

  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: variant === 'buttons' ? 'flex-start' : 'flex-end',
        flexWrap: variant === 'buttons' ? 'wrap' : 'nowrap',
        gap: variant === 'buttons' ? 1 : 0,
        whiteSpace: 'nowrap',
      }}
    >
      {inline.map(({ action, state }) => (
        <Tooltip key={action.id} title={reason(state) ?? (variant === 'icons' ? label(action) : '')}>
          {/* A disabled button gets no pointer events: the span keeps the reason's tooltip alive. */}
          <span data-testid={`${def.name}-${action.id}-${id}-reason`}>
            {variant === 'icons' ? (
              <IconButton
                size="small"
                color={action.destructive ? 'error' : 'default'}
                disabled={!state.enabled}
                aria-label={`${label(action)} ${name}`}
                onClick={() => onRun(action)}
                data-testid={`${def.name}-${action.id}-${id}`}
              >
                {action.icon}
              </IconButton>
            ) : (
              <Button
                size="small"
                variant="outlined"
                color={action.destructive ? 'error' : 'secondary'}
                startIcon={action.icon}
                disabled={!state.enabled}
                onClick={() => onRun(action)}
                data-testid={`${def.name}-${action.id}-${id}`}
              >
                {label(action)}
              </Button>
            )}
          </span>
        </Tooltip>
      ))}
      {folded.length > 0 && (
        <>
          {menuLabel ? (
            <Button
              variant="outlined"
              color="secondary"
              endIcon={<MoreVert />}
              aria-haspopup="menu"
              onClick={(e) => setAnchor(e.currentTarget)}
              data-testid={`${def.name}-more-${id}`}
            >
              {menuLabel}
            </Button>
          ) : (
            <IconButton
              size="small"
              aria-label={t('resource:actions.more', { name })}
              aria-haspopup="menu"
              onClick={(e) => setAnchor(e.currentTarget)}
              data-testid={`${def.name}-more-${id}`}
            >
              <MoreVert fontSize="small" />
            </IconButton>
          )}
          {/* Made when opened: a closed menu in each of a list's rows is work for nothing. */}
          {anchor && (
            <Menu anchorEl={anchor} open onClose={() => setAnchor(null)}>
              {folded.map(({ action, state }) => (
                <MenuItem
                  key={action.id}
                  disabled={!state.enabled}
                  onClick={() => {
                    setAnchor(null);
                    onRun(action);
                  }}
                  data-testid={`${def.name}-${action.id}-${id}`}
                  // A disabled item still tells why: on a phone there is no hover for a tooltip.
                  sx={{ '&.Mui-disabled': { opacity: 1 }, maxWidth: 320 }}
                >
                  <ListItemIcon
                    sx={{
                      color: action.destructive && state.enabled ? 'error.main' : undefined,
                      opacity: state.enabled ? 1 : 0.5,
                    }}
                  >
                    {action.icon}
                  </ListItemIcon>
                  <ListItemText
                    primary={label(action)}
                    secondary={reason(state)}
                    slotProps={{
                      primary: {
                        sx: {
                          color: state.enabled
                            ? action.destructive
                              ? 'error.main'
                              : undefined
                            : 'text.disabled',
                        },
                      },
                      secondary: { sx: { whiteSpace: 'normal' } },
                    }}
                  />
                </MenuItem>
              ))}
            </Menu>
          )}
        </>
      )}
    </Box>
  );
}
