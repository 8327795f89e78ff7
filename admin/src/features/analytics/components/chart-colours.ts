/** recharts draws SVG with colours as values: the admin's amber and neutral, named once (Tailwind's palette). */
export const CHART_COLOURS = {
  revenue: '#f59e0b',
  appointments: '#404040',
  grid: '#e5e5e5',
  axis: '#525252',
} as const;

/** The size a chart is drawn at before its box is measured (a phone's width, the panel's height). */
export const CHART_SIZE = { width: 320, height: 256 } as const;
