/**
 * For sections that a first screen seldom shows (footer, lower parts of long pages): the browser
 * skips their layout and paint until they near the viewport (`content-visibility: auto`), which
 * shortens the first render, most on phones. `auto <height>` keeps a size estimate until the
 * section has been laid out once, then its real size, so scrolling does not jump.
 */
export const belowTheFold = (estimatedHeight: number) => ({
  contentVisibility: 'auto',
  containIntrinsicSize: `auto ${estimatedHeight}px`,
});
