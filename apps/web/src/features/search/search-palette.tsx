import { Fragment, type KeyboardEvent, useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_QUERY_MAX, type SearchHit } from '@portal/shared';
import { VISUALLY_HIDDEN } from '../../components/visually-hidden';
import { SEARCH_DEBOUNCE_MS, useConsoleSearch, useDebouncedValue } from './search-api';
import { SEARCH_KIND_VIEWS } from './search-kinds';
import { markedParts, paletteKey } from './search-keys';

/** Text with each occurrence of the question marked. */
function Marked({ text, q }: { text: string; q: string }) {
  return markedParts(text, q).map((part, i) =>
    part.marked ? (
      <Box
        component="mark"
        key={i}
        sx={{
          bgcolor: 'warning.light',
          // Dark text on the light marker in both schemes (the dark scheme's text is light).
          color: (theme) => theme.palette.getContrastText(theme.palette.warning.light),
          borderRadius: 0.5,
          px: '1px',
        }}
      >
        {part.text}
      </Box>
    ) : (
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}

function HitRow({ hit, q }: { hit: SearchHit; q: string }) {
  const { t } = useTranslation(['search', 'enums']);
  const view = SEARCH_KIND_VIEWS[hit.kind];
  const Icon = view.icon;
  const subtitle =
    hit.subtitle === null
      ? null
      : hit.subtitleKind
        ? t('hit.of', { kind: t(`kind.${hit.subtitleKind}`), name: hit.subtitle })
        : hit.subtitle;
  // The matched text gets a line of its own when neither line above shows it (an id, a public IP).
  const matchedShown = hit.matched.text === hit.title || hit.matched.text === hit.subtitle;
  const status =
    hit.status !== null && view.statusEnum
      ? t(`enums:${view.statusEnum}.${hit.status}`, { defaultValue: '' })
      : '';
  return (
    <>
      <Icon fontSize="small" sx={{ color: 'text.secondary', mt: 0.25, flexShrink: 0 }} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
          <Marked text={hit.title} q={q} />
        </Typography>
        {subtitle !== null && (
          <Typography variant="caption" component="div" color="text.secondary" noWrap>
            <Marked text={subtitle} q={q} />
          </Typography>
        )}
        {!matchedShown && (
          <Typography variant="caption" component="div" color="text.secondary" noWrap>
            <Marked
              text={t('hit.field', { field: t(`fields.${hit.matched.field}`), text: hit.matched.text })}
              q={q}
            />
          </Typography>
        )}
      </Box>
      {status && (
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0, mt: 0.25 }}>
          {status}
        </Typography>
      )}
    </>
  );
}

/** The hits in their kinds' order, each kind once, with the index of its first hit. */
function groupsOf(hits: SearchHit[]) {
  const groups: { kind: SearchHit['kind']; first: number; hits: SearchHit[] }[] = [];
  hits.forEach((hit, i) => {
    const last = groups.at(-1);
    if (last?.kind === hit.kind) last.hits.push(hit);
    else groups.push({ kind: hit.kind, first: i, hits: [hit] });
  });
  return groups;
}

/**
 * The console's command palette (Ctrl+K, ⌘K, or the top bar's search): a question, asked after a
 * pause in typing, and the hits grouped by kind. Arrows move through them, Enter opens one, Escape
 * closes. A lazy chunk of its own, loaded on the first open (or when the pointer nears the box).
 * For screen readers the input is a combobox driving a listbox through aria-activedescendant.
 */
export default function SearchPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('search');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const question = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = useConsoleSearch(question);
  const typed = text.trim().length > 0;
  const answer = typed ? search.data : undefined;
  const hits = answer?.hits ?? [];
  // The active hit belongs to the answer it was chosen in; a new answer starts at its first hit.
  const [chosen, setChosen] = useState<{ of: unknown; index: number }>({ of: null, index: -1 });
  const active = chosen.of === answer ? chosen.index : hits.length > 0 ? 0 : -1;
  const optionId = (i: number) => `${id}-hit-${i}`;
  const listId = `${id}-list`;

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-hit-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, id]);

  const go = (hit: SearchHit | undefined) => {
    if (!hit) return;
    onClose();
    void navigate(hit.path);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const result = paletteKey(e.key, active, hits.length);
    if (result.type === 'none') return;
    e.preventDefault();
    if (result.type === 'move') setChosen({ of: answer, index: result.active });
    else go(hits[result.index]);
  };

  const waiting = typed && (search.isFetching || text.trim() !== question.trim());
  const failed = typed && search.isError && !search.isFetching;
  const nothing = typed && !waiting && !failed && answer !== undefined && hits.length === 0;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={`${id}-title`}
      slotProps={{
        transition: { onExited: () => setText('') },
        paper: {
          sx: { mt: { sm: '12vh' }, maxHeight: { sm: '70vh' } },
          'data-testid': 'search-palette',
        } as object,
      }}
      sx={{ '& .MuiDialog-container': { alignItems: { sm: 'flex-start' } } }}
    >
      <Typography id={`${id}-title`} sx={VISUALLY_HIDDEN}>
        {t('palette.title')}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <SearchIcon sx={{ color: 'text.secondary' }} />
        <InputBase
          autoFocus
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('palette.placeholder')}
          sx={{ fontSize: '1.05rem', py: 0.5 }}
          inputProps={{
            role: 'combobox',
            'aria-label': t('palette.label'),
            'aria-autocomplete': 'list',
            'aria-expanded': hits.length > 0,
            'aria-controls': listId,
            'aria-activedescendant': active >= 0 ? optionId(active) : undefined,
            maxLength: SEARCH_QUERY_MAX,
            spellCheck: false,
            autoComplete: 'off',
            'data-testid': 'search-input',
          }}
        />
        <IconButton onClick={onClose} aria-label={t('palette.close')} size="small" edge="end">
          <Close fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ height: 4 }}>{waiting && <LinearProgress aria-hidden />}</Box>
      <Box sx={{ overflowY: 'auto', flexGrow: 1, pb: 1 }}>
        {!typed && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 2.5, py: 2 }}
            data-testid="search-hint"
          >
            {t('palette.hint')}
          </Typography>
        )}
        {nothing && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 2.5, py: 2 }}
            data-testid="search-empty"
          >
            {t('palette.empty', { q: text.trim() })}
          </Typography>
        )}
        {failed && (
          <Typography variant="body2" color="error" sx={{ px: 2.5, py: 2 }} role="alert">
            {t('palette.failed')}
          </Typography>
        )}
        <Box
          component="ul"
          role="listbox"
          id={listId}
          aria-label={t('palette.results')}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
          data-testid="search-results"
        >
          {groupsOf(hits).map((group) => (
            <Box component="li" role="presentation" key={group.kind}>
              <Typography
                id={`${id}-group-${group.kind}`}
                variant="overline"
                component="div"
                color="text.secondary"
                sx={{ px: 2.5, pt: 1, lineHeight: 2 }}
              >
                {t(`kinds.${group.kind}`)}
              </Typography>
              <Box
                component="ul"
                role="group"
                aria-labelledby={`${id}-group-${group.kind}`}
                sx={{ listStyle: 'none', m: 0, p: 0 }}
              >
                {group.hits.map((hit, n) => {
                  const i = group.first + n;
                  return (
                    <Box
                      component="li"
                      role="option"
                      id={optionId(i)}
                      key={`${hit.kind}-${hit.id}-${hit.matched.field}`}
                      aria-selected={i === active}
                      onMouseMove={() => i !== active && setChosen({ of: answer, index: i })}
                      onClick={() => go(hit)}
                      data-testid={`search-hit-${hit.kind}`}
                      sx={{
                        display: 'flex',
                        alignItems: 'flex-start',
                        gap: 1.5,
                        mx: 1,
                        px: 1.5,
                        py: 0.75,
                        borderRadius: 1,
                        cursor: 'pointer',
                        bgcolor: i === active ? 'action.selected' : undefined,
                      }}
                    >
                      <HitRow hit={hit} q={answer?.q ?? ''} />
                    </Box>
                  );
                })}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
      {!phone && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ px: 2.5, py: 1, borderTop: 1, borderColor: 'divider' }}
          aria-hidden
        >
          {t('palette.keys')}
        </Typography>
      )}
      <Box role="status" sx={VISUALLY_HIDDEN}>
        {typed && answer && !waiting ? t('palette.count', { count: hits.length }) : ''}
      </Box>
    </Dialog>
  );
}
