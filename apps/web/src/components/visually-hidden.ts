/**
 * Text for screen readers only (a table's actions header, a link's fuller name). Pixel sizes as
 * strings: in sx a bare 1 means 100%, which made the hidden text as wide as its cell.
 */
export const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
