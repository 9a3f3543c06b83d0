/**
 * Research figures for the seed posts: a chart is drawn as SVG (axes, ticks, grid, legend, title)
 * and rasterised by sharp into the PNG or JPEG a researcher would upload.
 */
import sharp from 'sharp';

export type Point = [x: number, y: number];

export interface LineSeries {
  name: string;
  points: Point[];
  /** A shaded interval around the line: [x, low, high]. */
  band?: [x: number, low: number, high: number][];
  /** 'points' draws the measurements only, 'dashed' a model or reference line. */
  style?: 'solid' | 'dashed' | 'points';
  /** A colour of its own, e.g. to pair measurements with their model; else the palette's. */
  color?: string;
}

export interface ScatterGroup {
  name: string;
  points: Point[];
}

export interface BarSeries {
  name: string;
  values: number[];
  /** Half-widths of error bars, one per category. */
  errors?: number[];
}

export interface Note {
  x: number;
  y: number;
  text: string;
}

interface ChartBase {
  title: string;
  subtitle?: string;
  width?: number;
  height?: number;
}

export type ChartSpec =
  | (ChartBase & {
      kind: 'line';
      xLabel: string;
      yLabel: string;
      series: LineSeries[];
      markers?: boolean;
      notes?: Note[];
      /** Draws y = 0 more strongly (anomalies, differences). */
      zeroLine?: boolean;
    })
  | (ChartBase & {
      kind: 'scatter';
      xLabel: string;
      yLabel: string;
      groups: ScatterGroup[];
      /** Adds a least-squares line through all points, with its equation and R². */
      fit?: boolean;
      notes?: Note[];
    })
  | (ChartBase & {
      kind: 'bar';
      xLabel?: string;
      yLabel: string;
      categories: string[];
      series: BarSeries[];
    })
  | (ChartBase & {
      kind: 'heatmap';
      xLabel: string;
      yLabel: string;
      xTicks: string[];
      yTicks: string[];
      /** values[row][column]; row 0 is drawn at the top. */
      values: number[][];
      scaleLabel: string;
      /** A blue–white–red scale centred on zero instead of a sequential one. */
      diverging?: boolean;
    });

export type ImageFormat = 'png' | 'jpeg';

const PALETTE = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#0891b2'];
const FONT = "'DejaVu Sans', 'Helvetica Neue', Helvetica, Arial, sans-serif";
const SEQUENTIAL = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'];
const DIVERGING = ['#2166ac', '#67a9cf', '#f7f7f7', '#ef8a62', '#b2182b'];

/** The chart as an image file: PNG (lossless) or JPEG on a white background. */
export async function renderChart(spec: ChartSpec, format: ImageFormat): Promise<Buffer> {
  const image = sharp(Buffer.from(chartSvg(spec)));
  return format === 'png'
    ? image.png({ compressionLevel: 9 }).toBuffer()
    : image.flatten({ background: '#ffffff' }).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}

interface Frame {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Axis {
  min: number;
  max: number;
  ticks: number[];
  step: number;
}

/** The chart as an SVG document. */
export function chartSvg(spec: ChartSpec): string {
  const width = spec.width ?? 960;
  const height = spec.height ?? 600;
  const frame: Frame = {
    left: 92,
    top: spec.subtitle ? 92 : 70,
    right: width - (spec.kind === 'heatmap' ? 130 : 32),
    bottom: height - 76,
  };
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
      `viewBox="0 0 ${width} ${height}" font-family="${FONT}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    text(frame.left, 38, spec.title, { size: 22, weight: 'bold', fill: '#0f172a' }),
  ];
  if (spec.subtitle) {
    parts.push(text(frame.left, 64, spec.subtitle, { size: 14, fill: '#475569' }));
  }
  switch (spec.kind) {
    case 'line':
      parts.push(...lineChart(spec, frame));
      break;
    case 'scatter':
      parts.push(...scatterChart(spec, frame));
      break;
    case 'bar':
      parts.push(...barChart(spec, frame));
      break;
    case 'heatmap':
      parts.push(...heatmap(spec, frame));
      break;
  }
  parts.push('</svg>');
  return parts.join('\n');
}

// --- Chart kinds ---------------------------------------------------------------------------------

function lineChart(spec: Extract<ChartSpec, { kind: 'line' }>, frame: Frame): string[] {
  const xs = spec.series.flatMap((series) => series.points.map(([x]) => x));
  const ys = spec.series.flatMap((series) => [
    ...series.points.map(([, y]) => y),
    ...(series.band ?? []).flatMap(([, low, high]) => [low, high]),
  ]);
  const xAxis = tightAxis(Math.min(...xs), Math.max(...xs), 8);
  const yAxis = niceAxis(...padded(Math.min(...ys), Math.max(...ys)), 5, false);
  const scale = scales(frame, xAxis, yAxis);
  const parts = axes(frame, xAxis, yAxis, scale, spec.xLabel, spec.yLabel);
  if (spec.zeroLine && yAxis.min < 0 && yAxis.max > 0) {
    parts.push(
      `<line x1="${frame.left}" x2="${frame.right}" y1="${scale.y(0)}" y2="${scale.y(0)}" ` +
        'stroke="#334155" stroke-width="1.5"/>',
    );
  }
  spec.series.forEach((series, index) => {
    const color = series.color ?? (PALETTE[index % PALETTE.length] as string);
    if (series.band && series.band.length > 1) {
      const upper = series.band.map(([x, , high]) => `${f(scale.x(x))},${f(scale.y(high))}`);
      const lower = series.band
        .slice()
        .reverse()
        .map(([x, low]) => `${f(scale.x(x))},${f(scale.y(low))}`);
      parts.push(
        `<polygon points="${[...upper, ...lower].join(' ')}" fill="${color}" fill-opacity="0.16"/>`,
      );
    }
    if (series.style !== 'points') {
      const points = series.points.map(([x, y]) => `${f(scale.x(x))},${f(scale.y(y))}`).join(' ');
      parts.push(
        `<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2.5" ` +
          `stroke-linejoin="round"${series.style === 'dashed' ? ' stroke-dasharray="8 5"' : ''}/>`,
      );
    }
    if (spec.markers || series.style === 'points') {
      for (const [x, y] of series.points) {
        parts.push(`<circle cx="${f(scale.x(x))}" cy="${f(scale.y(y))}" r="3.5" fill="${color}"/>`);
      }
    }
  });
  parts.push(...notes(spec.notes ?? [], scale));
  parts.push(
    ...legend(
      frame,
      spec.series.map((series, index) => ({
        name: series.name,
        color: series.color ?? (PALETTE[index % PALETTE.length] as string),
        shape: series.style === 'points' ? ('dot' as const) : ('line' as const),
      })),
    ),
  );
  return parts;
}

function scatterChart(spec: Extract<ChartSpec, { kind: 'scatter' }>, frame: Frame): string[] {
  const all = spec.groups.flatMap((group) => group.points);
  const xs = all.map(([x]) => x);
  const ys = all.map(([, y]) => y);
  const xAxis = niceAxis(...padded(Math.min(...xs), Math.max(...xs)), 6, false);
  const yAxis = niceAxis(...padded(Math.min(...ys), Math.max(...ys)), 5, false);
  const scale = scales(frame, xAxis, yAxis);
  const parts = axes(frame, xAxis, yAxis, scale, spec.xLabel, spec.yLabel);
  const entries: LegendEntry[] = [];
  spec.groups.forEach((group, index) => {
    const color = PALETTE[index % PALETTE.length] as string;
    for (const [x, y] of group.points) {
      parts.push(
        `<circle cx="${f(scale.x(x))}" cy="${f(scale.y(y))}" r="4.5" fill="${color}" ` +
          'fill-opacity="0.72" stroke="#ffffff" stroke-width="0.8"/>',
      );
    }
    entries.push({ name: group.name, color, shape: 'dot' });
  });
  if (spec.fit && all.length > 2) {
    const { slope, intercept, r2 } = leastSquares(all);
    const x0 = Math.min(...all.map(([x]) => x));
    const x1 = Math.max(...all.map(([x]) => x));
    parts.push(
      `<line x1="${f(scale.x(x0))}" y1="${f(scale.y(intercept + slope * x0))}" ` +
        `x2="${f(scale.x(x1))}" y2="${f(scale.y(intercept + slope * x1))}" ` +
        'stroke="#0f172a" stroke-width="2" stroke-dasharray="9 6"/>',
    );
    entries.push({
      name: `fit: y = ${formatNumber(intercept, 3)} ${slope < 0 ? '−' : '+'} ${formatNumber(Math.abs(slope), 3)}x (R² = ${r2.toFixed(2)})`,
      color: '#0f172a',
      shape: 'line',
    });
  }
  parts.push(...notes(spec.notes ?? [], scale));
  parts.push(...legend(frame, entries));
  return parts;
}

function barChart(spec: Extract<ChartSpec, { kind: 'bar' }>, frame: Frame): string[] {
  const tops = spec.series.flatMap((series) =>
    series.values.map((value, index) => value + (series.errors?.[index] ?? 0)),
  );
  const bottoms = spec.series.flatMap((series) =>
    series.values.map((value, index) => value - (series.errors?.[index] ?? 0)),
  );
  const yAxis = niceAxis(Math.min(0, ...bottoms), Math.max(0, ...tops) * 1.08, 5, true);
  const slot = (frame.right - frame.left) / spec.categories.length;
  const groupWidth = slot * 0.76;
  const barWidth = groupWidth / spec.series.length;
  const y = (value: number) =>
    frame.bottom - ((value - yAxis.min) / (yAxis.max - yAxis.min)) * (frame.bottom - frame.top);
  const parts = [
    ...yGrid(frame, yAxis, y),
    frameLines(frame),
    axisLabels(frame, spec.xLabel ?? '', spec.yLabel),
  ];
  const labelSize = spec.categories.length > 10 ? 11 : 13;
  spec.categories.forEach((category, index) => {
    parts.push(
      text(frame.left + slot * (index + 0.5), frame.bottom + 22, category, {
        size: labelSize,
        anchor: 'middle',
        fill: '#334155',
      }),
    );
  });
  spec.series.forEach((series, seriesIndex) => {
    const color = PALETTE[seriesIndex % PALETTE.length] as string;
    series.values.forEach((value, index) => {
      const x = frame.left + slot * index + (slot - groupWidth) / 2 + barWidth * seriesIndex;
      const top = y(Math.max(value, 0));
      const height = Math.abs(y(value) - y(0));
      parts.push(
        `<rect x="${f(x + 1)}" y="${f(top)}" width="${f(barWidth - 2)}" height="${f(height)}" ` +
          `fill="${color}" fill-opacity="0.85"/>`,
      );
      const error = series.errors?.[index];
      if (error !== undefined && error > 0) {
        const cx = x + barWidth / 2;
        const cap = Math.min(8, barWidth / 4);
        parts.push(
          `<path d="M${f(cx)},${f(y(value - error))}V${f(y(value + error))}` +
            `M${f(cx - cap)},${f(y(value + error))}H${f(cx + cap)}` +
            `M${f(cx - cap)},${f(y(value - error))}H${f(cx + cap)}" ` +
            'stroke="#1e293b" stroke-width="1.6" fill="none"/>',
        );
      }
    });
  });
  if (spec.series.length > 1) {
    parts.push(
      ...legend(
        frame,
        spec.series.map((series, index) => ({
          name: series.name,
          color: PALETTE[index % PALETTE.length] as string,
          shape: 'box' as const,
        })),
      ),
    );
  }
  return parts;
}

function heatmap(spec: Extract<ChartSpec, { kind: 'heatmap' }>, frame: Frame): string[] {
  const rows = spec.values.length;
  const columns = spec.values[0]?.length ?? 0;
  const flat = spec.values.flat();
  let low = Math.min(...flat);
  let high = Math.max(...flat);
  if (spec.diverging) {
    const extent = Math.max(Math.abs(low), Math.abs(high));
    low = -extent;
    high = extent;
  }
  const stops = spec.diverging ? DIVERGING : SEQUENTIAL;
  const cellWidth = (frame.right - frame.left) / columns;
  const cellHeight = (frame.bottom - frame.top) / rows;
  const parts: string[] = [axisLabels(frame, spec.xLabel, spec.yLabel)];
  spec.values.forEach((row, rowIndex) => {
    row.forEach((value, columnIndex) => {
      const t = high === low ? 0.5 : (value - low) / (high - low);
      parts.push(
        `<rect x="${f(frame.left + columnIndex * cellWidth)}" y="${f(frame.top + rowIndex * cellHeight)}" ` +
          `width="${f(cellWidth + 0.5)}" height="${f(cellHeight + 0.5)}" fill="${colorAt(stops, t)}"/>`,
      );
    });
  });
  parts.push(frameLines(frame));
  const everyX = Math.max(1, Math.ceil(spec.xTicks.length / 14));
  spec.xTicks.forEach((label, index) => {
    if (index % everyX !== 0) return;
    parts.push(
      text(frame.left + (index + 0.5) * cellWidth, frame.bottom + 20, label, {
        size: 12,
        anchor: 'middle',
        fill: '#334155',
      }),
    );
  });
  const everyY = Math.max(1, Math.ceil(spec.yTicks.length / 12));
  spec.yTicks.forEach((label, index) => {
    if (index % everyY !== 0) return;
    parts.push(
      text(frame.left - 8, frame.top + (index + 0.5) * cellHeight + 4, label, {
        size: 12,
        anchor: 'end',
        fill: '#334155',
      }),
    );
  });
  // Colour bar.
  const barLeft = frame.right + 24;
  const barHeight = frame.bottom - frame.top;
  parts.push(
    '<defs><linearGradient id="scale" x1="0" y1="1" x2="0" y2="0">' +
      stops
        .map(
          (stop, index) =>
            `<stop offset="${f((index / (stops.length - 1)) * 100)}%" stop-color="${stop}"/>`,
        )
        .join('') +
      '</linearGradient></defs>',
    `<rect x="${barLeft}" y="${frame.top}" width="18" height="${f(barHeight)}" fill="url(#scale)" ` +
      'stroke="#94a3b8"/>',
  );
  for (const [t, value] of [
    [0, low],
    [0.5, (low + high) / 2],
    [1, high],
  ] as const) {
    parts.push(
      text(barLeft + 24, frame.bottom - t * barHeight + 4, formatNumber(value, 3), {
        size: 12,
        fill: '#334155',
      }),
    );
  }
  parts.push(
    text(barLeft + 9, frame.top - 12, spec.scaleLabel, {
      size: 12,
      anchor: 'middle',
      fill: '#334155',
    }),
  );
  return parts;
}

// --- Axes, legend and helpers ---------------------------------------------------------------------

interface Scale {
  x: (value: number) => number;
  y: (value: number) => number;
}

function scales(frame: Frame, xAxis: Axis, yAxis: Axis): Scale {
  return {
    x: (value) =>
      frame.left + ((value - xAxis.min) / (xAxis.max - xAxis.min)) * (frame.right - frame.left),
    y: (value) =>
      frame.bottom - ((value - yAxis.min) / (yAxis.max - yAxis.min)) * (frame.bottom - frame.top),
  };
}

function axes(
  frame: Frame,
  xAxis: Axis,
  yAxis: Axis,
  scale: Scale,
  xLabel: string,
  yLabel: string,
): string[] {
  const parts = yGrid(frame, yAxis, scale.y);
  for (const tick of xAxis.ticks) {
    const x = f(scale.x(tick));
    parts.push(
      `<line x1="${x}" x2="${x}" y1="${frame.top}" y2="${frame.bottom}" stroke="#e2e8f0"/>`,
      `<line x1="${x}" x2="${x}" y1="${frame.bottom}" y2="${frame.bottom + 6}" stroke="#334155"/>`,
      text(scale.x(tick), frame.bottom + 24, formatTick(tick, xAxis.step), {
        size: 13,
        anchor: 'middle',
        fill: '#334155',
      }),
    );
  }
  parts.push(frameLines(frame), axisLabels(frame, xLabel, yLabel));
  return parts;
}

function yGrid(frame: Frame, yAxis: Axis, y: (value: number) => number): string[] {
  return yAxis.ticks.flatMap((tick) => [
    `<line x1="${frame.left}" x2="${frame.right}" y1="${f(y(tick))}" y2="${f(y(tick))}" stroke="#e2e8f0"/>`,
    `<line x1="${frame.left - 6}" x2="${frame.left}" y1="${f(y(tick))}" y2="${f(y(tick))}" stroke="#334155"/>`,
    text(frame.left - 10, y(tick) + 4.5, formatTick(tick, yAxis.step), {
      size: 13,
      anchor: 'end',
      fill: '#334155',
    }),
  ]);
}

function frameLines(frame: Frame): string {
  return (
    `<path d="M${frame.left},${frame.top}V${frame.bottom}H${frame.right}" ` +
    'fill="none" stroke="#334155" stroke-width="1.5"/>'
  );
}

function axisLabels(frame: Frame, xLabel: string, yLabel: string): string {
  const middleY = (frame.top + frame.bottom) / 2;
  return [
    text((frame.left + frame.right) / 2, frame.bottom + 56, xLabel, {
      size: 15,
      anchor: 'middle',
      fill: '#0f172a',
    }),
    `<text x="0" y="0" transform="translate(26 ${f(middleY)}) rotate(-90)" font-size="15" ` +
      `text-anchor="middle" fill="#0f172a">${escapeXml(yLabel)}</text>`,
  ].join('\n');
}

interface LegendEntry {
  name: string;
  color: string;
  shape: 'line' | 'dot' | 'box';
}

function legend(frame: Frame, entries: LegendEntry[]): string[] {
  if (entries.length === 0) return [];
  const width = Math.max(...entries.map((entry) => entry.name.length)) * 7.4 + 46;
  const height = entries.length * 22 + 12;
  const left = frame.right - width - 12;
  const top = frame.top + 12;
  const parts = [
    `<rect x="${f(left)}" y="${top}" width="${f(width)}" height="${height}" rx="6" ` +
      'fill="#ffffff" fill-opacity="0.9" stroke="#cbd5e1"/>',
  ];
  entries.forEach((entry, index) => {
    const y = top + 18 + index * 22;
    const marker =
      entry.shape === 'line'
        ? `<line x1="${f(left + 10)}" x2="${f(left + 32)}" y1="${y}" y2="${y}" stroke="${entry.color}" stroke-width="3"/>`
        : entry.shape === 'dot'
          ? `<circle cx="${f(left + 21)}" cy="${y}" r="5" fill="${entry.color}"/>`
          : `<rect x="${f(left + 14)}" y="${y - 6}" width="14" height="12" fill="${entry.color}"/>`;
    parts.push(marker, text(left + 40, y + 4.5, entry.name, { size: 13, fill: '#1e293b' }));
  });
  return parts;
}

function notes(list: Note[], scale: Scale): string[] {
  return list.flatMap((note) => {
    const x = scale.x(note.x);
    const y = scale.y(note.y);
    return [
      `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + 18)}" y2="${f(y - 26)}" stroke="#475569"/>`,
      `<circle cx="${f(x)}" cy="${f(y)}" r="4" fill="none" stroke="#475569" stroke-width="1.5"/>`,
      text(x + 22, y - 30, note.text, { size: 13, fill: '#0f172a', style: 'italic' }),
    ];
  });
}

function text(
  x: number,
  y: number,
  content: string,
  options: {
    size: number;
    anchor?: 'start' | 'middle' | 'end';
    weight?: 'bold';
    fill?: string;
    style?: 'italic';
  },
): string {
  const attributes = [
    `x="${f(x)}"`,
    `y="${f(y)}"`,
    `font-size="${options.size}"`,
    options.anchor ? `text-anchor="${options.anchor}"` : '',
    options.weight ? `font-weight="${options.weight}"` : '',
    options.style ? `font-style="${options.style}"` : '',
    `fill="${options.fill ?? '#000000'}"`,
  ].filter(Boolean);
  return `<text ${attributes.join(' ')}>${escapeXml(content)}</text>`;
}

/** Axis bounds on round numbers, with ticks every 1, 2 or 5 times a power of ten. */
export function niceAxis(min: number, max: number, count: number, fromZero: boolean): Axis {
  let low = fromZero ? Math.min(0, min) : min;
  let high = max;
  if (low === high) {
    low -= 1;
    high += 1;
  }
  const raw = (high - low) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normalized = raw / magnitude;
  const step = (normalized < 1.5 ? 1 : normalized < 3 ? 2 : normalized < 7 ? 5 : 10) * magnitude;
  const first = Math.floor(low / step + 1e-9) * step;
  const last = Math.ceil(high / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let tick = first; tick <= last + step / 2; tick += step) ticks.push(round(tick, step));
  return { min: first, max: last, ticks, step };
}

/** Bounds exactly at the data (a time axis ends where the series ends), ticks on round numbers. */
export function tightAxis(min: number, max: number, count: number): Axis {
  const nice = niceAxis(min, max, count, false);
  if (min === max) return nice;
  const ticks = nice.ticks.filter((tick) => tick >= min - 1e-9 && tick <= max + 1e-9);
  return { min, max, ticks, step: nice.step };
}

/** A little room around the data, without pushing positive data below zero. */
function padded(min: number, max: number): [number, number] {
  const pad = (max - min) * 0.06 || Math.abs(max) * 0.1 || 1;
  return [min >= 0 ? Math.max(0, min - pad) : min - pad, max + pad];
}

function leastSquares(points: Point[]): { slope: number; intercept: number; r2: number } {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
    syy += (y - meanY) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return {
    slope,
    intercept: meanY - slope * meanX,
    r2: sxx === 0 || syy === 0 ? 0 : (sxy * sxy) / (sxx * syy),
  };
}

function colorAt(stops: string[], t: number): string {
  const clamped = Math.min(1, Math.max(0, t));
  const position = clamped * (stops.length - 1);
  const index = Math.min(stops.length - 2, Math.floor(position));
  const local = position - index;
  const from = hexToRgb(stops[index] as string);
  const to = hexToRgb(stops[index + 1] as string);
  const mix = from.map((channel, i) => Math.round(channel + ((to[i] as number) - channel) * local));
  return `rgb(${mix.join(',')})`;
}

function hexToRgb(hex: string): number[] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function round(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Number(value.toFixed(decimals));
}

function formatTick(value: number, step: number): string {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const textValue =
    Math.abs(value) >= 10_000 && decimals === 0
      ? value.toLocaleString('en-US')
      : value.toFixed(decimals);
  return textValue.replace(/^-/, '−');
}

function formatNumber(value: number, significant: number): string {
  if (value === 0) return '0';
  return Number(value.toPrecision(significant)).toString().replace(/^-/, '−');
}

function f(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
