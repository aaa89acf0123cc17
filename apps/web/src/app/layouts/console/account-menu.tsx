import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { logout } from '../../../lib/session/session-actions';
import { useSession } from '../../../lib/session/use-session';

/**
 * The account menu of users holding `myAccount`: client number, My Info, My Ticket, Order Manage
 * (with `myAccount/orderManage`), the audit log (with `iam/audit`) and logout, which leads Home.
 * Users without `myAccount` still get a logout button: nobody may be left unable to sign out.
 */
export function AccountMenu() {
  const { t } = useTranslation('console');
  const { info } = useSession();
  const { can } = usePermissions();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const signOut = async () => {
    setAnchor(null);
    await logout();
    navigate('/');
  };

  const logoutButton = (
    <Tooltip title={t('account.logout')}>
      <IconButton
        color="inherit"
        onClick={() => void signOut()}
        aria-label={t('account.logout')}
        data-testid="console-logout"
      >
        <Logout />
      </IconButton>
    </Tooltip>
  );
  if (!can('myAccount')) return logoutButton;

  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={<AccountCircle />}
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        data-testid="account-menu-button"
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Typography
          component="span"
          sx={{ display: { xs: 'none', sm: 'inline' }, fontSize: 'inherit', fontWeight: 600 }}
        >
          {info?.account ?? ''}
        </Typography>
      </Button>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }} data-testid="account-menu-client-number">
          <Typography variant="body2" color="text.secondary">
            {t('account.clientNumber')}: <strong>{info?.clientNumber ?? '—'}</strong>
          </Typography>
        </MenuItem>
        <Divider />
        <MenuItem
          component={Link}
          to="/myInfo"
          onClick={() => setAnchor(null)}
          data-testid="account-menu-my-info"
        >
          {t('account.myInfo')}
        </MenuItem>
        <MenuItem
          component={Link}
          to="/myTicket"
          onClick={() => setAnchor(null)}
          data-testid="account-menu-my-ticket"
        >
          {t('account.myTicket')}
        </MenuItem>
        {can('myAccount/orderManage') && (
          <MenuItem
            component={Link}
            to="/orderManage"
            onClick={() => setAnchor(null)}
            data-testid="account-menu-order-manage"
          >
            {t('account.orderManage')}
          </MenuItem>
        )}
        {can('iam/audit') && (
          <MenuItem
            component={Link}
            to="/auditLog"
            onClick={() => setAnchor(null)}
            data-testid="account-menu-audit-log"
          >
            {t('account.auditLog')}
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={() => void signOut()} data-testid="account-menu-logout">
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('account.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
