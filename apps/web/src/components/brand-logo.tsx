import Box from '@mui/material/Box';
import { PORTAL_LOGO_PX } from '@portal/shared';

/** The logo image; its accessible name comes from the link or title around it. */
export function BrandLogo({ height = PORTAL_LOGO_PX }: { height?: number }) {
  return (
    <Box
      component="img"
      src={`${import.meta.env.BASE_URL}logo.svg`}
      alt=""
      sx={{ height, width: height, display: 'block', flexShrink: 0 }}
    />
  );
}
