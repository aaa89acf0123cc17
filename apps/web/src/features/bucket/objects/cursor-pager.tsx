import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TipIconButton } from '../../../components/tip-icon-button';

/** Rows per page of the object listing (S3 answers at most 1,000 a page). */
export const OBJECT_PAGE_SIZES = [50, 100, 200, 500, 1000] as const;

/**
 * Paging by cursor: S3 knows no page numbers nor totals, only "the page after this one"; going
 * back re-asks with the cursor that page was asked with.
 */
export function CursorPager({
  page,
  shown,
  limit,
  hasNext,
  onPrevious,
  onNext,
  onLimit,
}: {
  /** 0-based. */
  page: number;
  /** Rows on this page. */
  shown: number;
  limit: number;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onLimit: (limit: number) => void;
}) {
  const { t } = useTranslation(['bucketObjects', 'common']);
  const from = shown === 0 ? 0 : page * limit + 1;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1, px: 1, py: 1 }}
      data-testid="object-pager"
    >
      <Typography variant="body2" component="label" htmlFor="object-page-size">
        {t('common:table.rowsPerPage')}
      </Typography>
      <Select
        size="small"
        variant="standard"
        value={limit}
        onChange={(e) => onLimit(Number(e.target.value))}
        inputProps={{ id: 'object-page-size', 'data-testid': 'object-page-size' }}
      >
        {OBJECT_PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </Select>
      <Typography variant="body2" data-testid="object-page-rows" sx={{ px: 1 }}>
        {t('pager.rows', { from, to: page * limit + shown, page: page + 1 })}
      </Typography>
      <TipIconButton
        title={t('common:table.previousPage')}
        icon={<ChevronLeft />}
        onClick={onPrevious}
        disabled={page === 0}
        testId="object-page-previous"
      />
      <TipIconButton
        title={t('common:table.nextPage')}
        icon={<ChevronRight />}
        onClick={onNext}
        disabled={!hasNext}
        testId="object-page-next"
      />
    </Stack>
  );
}
