import Typography from '@mui/material/Typography';

/** A home page section's heading (`id` names the section) and the line under it. */
export function HomeSectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <>
      <Typography id={id} variant="h4" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {subtitle}
      </Typography>
    </>
  );
}
