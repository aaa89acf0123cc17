import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function ProductOverview({ paragraphs }: { paragraphs: string[] }) {
  return (
    <Box sx={{ maxWidth: 820 }} data-testid="product-overview">
      {paragraphs.map((text, i) => (
        <Typography key={i} sx={{ mb: 2, fontSize: { md: '1.05rem' }, lineHeight: 1.8 }}>
          {text}
        </Typography>
      ))}
    </Box>
  );
}
