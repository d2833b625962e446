/**
 * Time grids scroll inside a fixed height (so they open at 07:00); the month
 * is as tall as its days' items (a few each, then "+N more").
 */
export const TIME_GRID_HEIGHT = 640;
/** On a phone, lower: the grid and the toolbar above it fit the first screen. */
export const PHONE_TIME_GRID_HEIGHT = 480;
