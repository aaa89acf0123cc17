import { type ReactNode, useState } from 'react';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import DriveFileMove from '@mui/icons-material/DriveFileMoveOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import MoreVert from '@mui/icons-material/MoreVert';
import Public from '@mui/icons-material/Public';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { TFunction } from 'i18next';
import type { ObjectEntry } from '@portal/shared';

export type ObjectAction = 'download' | 'rename' | 'copy' | 'move' | 'presign' | 'url' | 'delete';

const ICONS: Record<ObjectAction, ReactNode> = {
  download: <Download fontSize="small" />,
  rename: <Edit fontSize="small" />,
  copy: <ContentCopy fontSize="small" />,
  move: <DriveFileMove fontSize="small" />,
  presign: <LinkIcon fontSize="small" />,
  url: <Public fontSize="small" />,
  delete: <DeleteOutline fontSize="small" />,
};

/** What a row offers: changes and presigned links (which share a file outside the portal) only to those who may manage buckets; downloads and public URLs to files. */
export function rowActions(entry: ObjectEntry, manage: boolean): ObjectAction[] {
  const file = entry.type === 'file';
  return (
    [
      file && 'download',
      manage && 'rename',
      manage && 'copy',
      manage && 'move',
      file && manage && 'presign',
      file && 'url',
      manage && 'delete',
    ] as const
  ).filter((a): a is ObjectAction => Boolean(a));
}

/**
 * A row's actions: on a wide screen a file's download as a button and the rest in a menu; on a
 * phone all in the menu. The menu is made when opened (a closed one per row is work for nothing).
 */
export function ObjectRowMenu({
  entry,
  manage,
  phone,
  onAction,
  t,
}: {
  entry: ObjectEntry;
  manage: boolean;
  phone: boolean;
  onAction: (action: ObjectAction, entry: ObjectEntry) => void;
  t: TFunction;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = rowActions(entry, manage);
  const inline: ObjectAction[] = phone ? [] : actions.filter((a) => a === 'download');
  const folded = actions.filter((a) => !inline.includes(a));
  const label = (a: ObjectAction) => t(`bucketObjects:actions.${a}`);
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {inline.map((a) => (
        <Tooltip key={a} title={label(a)}>
          <IconButton
            size="small"
            aria-label={`${label(a)} ${entry.name}`}
            onClick={() => onAction(a, entry)}
            data-testid={`object-${a}-${entry.key}`}
          >
            {ICONS[a]}
          </IconButton>
        </Tooltip>
      ))}
      {folded.length > 0 && (
        <IconButton
          size="small"
          aria-label={t('bucketObjects:actions.more', { name: entry.name })}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid={`object-more-${entry.key}`}
        >
          <MoreVert fontSize="small" />
        </IconButton>
      )}
      {anchor && (
        <Menu anchorEl={anchor} open onClose={() => setAnchor(null)}>
          {folded.map((a) => (
            <MenuItem
              key={a}
              onClick={() => {
                setAnchor(null);
                onAction(a, entry);
              }}
              sx={a === 'delete' ? { color: 'error.main' } : undefined}
              data-testid={`object-${a}-${entry.key}`}
            >
              <ListItemIcon sx={a === 'delete' ? { color: 'error.main' } : undefined}>
                {ICONS[a]}
              </ListItemIcon>
              <ListItemText>{label(a)}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      )}
    </Stack>
  );
}
