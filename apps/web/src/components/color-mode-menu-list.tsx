import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Check from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import { COLOR_MODES, type ColorMode } from '@portal/shared';
import { setColorMode, useColorMode } from '../lib/color-mode/color-mode';

/** The open colour mode menu, the current choice checked; loaded lazily by ColorModeMenu. */
export default function ColorModeMenuList({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  const { t } = useTranslation();
  const current = useColorMode();
  const choose = (mode: ColorMode) => {
    onClose();
    setColorMode(mode);
  };
  return (
    <Menu id="color-mode-menu" anchorEl={anchor} open onClose={onClose}>
      {COLOR_MODES.map((mode) => (
        <MenuItem
          key={mode}
          role="menuitemradio"
          aria-checked={mode === current}
          selected={mode === current}
          onClick={() => choose(mode)}
          data-testid={`color-mode-${mode}`}
        >
          <ListItemIcon>{mode === current && <Check fontSize="small" />}</ListItemIcon>
          <ListItemText>{t(`colorMode.${mode}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
