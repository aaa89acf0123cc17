import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/shared';
import { changeLanguage } from '../lib/i18n/i18n';

/** The open language menu; loaded lazily by LanguageMenu. */
export default function LanguageMenuList({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const choose = (language: Language) => {
    onClose();
    void changeLanguage(language);
  };
  return (
    <Menu id="language-menu" anchorEl={anchor} open onClose={onClose}>
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language}
          lang={language}
          selected={language === i18n.language}
          onClick={() => choose(language)}
          data-testid={`language-${language}`}
        >
          {t(`language.${language}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
