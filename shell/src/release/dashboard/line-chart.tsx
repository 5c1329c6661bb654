import { useEffect, useId, useRef, useState } from 'react';
import styles from './dashboard.module.css';

export interface ChartSeries {
  label: string;
  /** y is null where there is no figure for that time (no visits). */
  points: Array<{ x: number; y: number | null }>;
}

interface Props {
  title: string;
  series: ChartSeries[];
  /** Labels of the y axis's ends and of the points in the description. */
  format: (value: number) => string;
  /** Labels of the x axis's ends. */
  formatX: (value: number) => string;
  /** Start and end of the x axis (the window shown). */
  from: number;
  to: number;
}

/** The drawing's width until the chart has been measured (and where nothing measures it). */
const WIDTH = 560;
const HEIGHT = 180;
const PAD = { right: 12, top: 10, bottom: 24 };
/** About the widest a character of the 11 px tick labels is drawn, to leave the y axis's labels room at the left. */
const TICK_CHAR_PX = 7.5;
/** Enough distinct colours for a live version, a canary and a few earlier versions; all pass 3:1 on white. */
export const SERIES_COLOURS = ['#5427d8', '#c2410c', '#0f766e', '#be185d', '#4d7c0f', '#1d4ed8'];

/**
 * A small SVG line chart: one line per version over the window. Plain SVG instead of a chart library,
 * since this page only needs lines, two axis labels and a legend. The figures are also in a table
 * beside it for screen readers and keyboard users.
 */
export function LineChart({ title, series, format, formatX, from, to }: Props) {
  const titleId = useId();
  // The drawing is as wide as the box it is shown in, so its labels keep their size and shape on a phone
  // (a fixed drawing stretched to the box squeezed them sideways).
  const svg = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(WIDTH);
  useEffect(() => {
    const element = svg.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const values = series.flatMap((s) => s.points.flatMap((p) => (p.y === null ? [] : [p.y])));
  const max = Math.max(...values, 0) || 1;
  const [top, bottom] = [format(max), format(0)];
  const left = Math.ceil(Math.max(top.length, bottom.length, 4) * TICK_CHAR_PX) + 10;
  const x = (value: number) => left + ((value - from) / Math.max(1, to - from)) * (width - left - PAD.right);
  const y = (value: number) => HEIGHT - PAD.bottom - (value / max) * (HEIGHT - PAD.top - PAD.bottom);

  return (
    <figure className={styles.chart}>
      <figcaption id={titleId} className={styles.chartTitle}>
        {title}
      </figcaption>
      <svg ref={svg} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby={titleId} className={styles.chartSvg}>
        <line x1={left} x2={width - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} className={styles.axis} />
        <line x1={left} x2={left} y1={PAD.top} y2={HEIGHT - PAD.bottom} className={styles.axis} />
        <text x={left - 6} y={PAD.top + 8} textAnchor="end" className={styles.tick}>
          {top}
        </text>
        <text x={left - 6} y={HEIGHT - PAD.bottom} textAnchor="end" className={styles.tick}>
          {bottom}
        </text>
        <text x={left} y={HEIGHT - 6} className={styles.tick}>
          {formatX(from)}
        </text>
        <text x={width - PAD.right} y={HEIGHT - 6} textAnchor="end" className={styles.tick}>
          {formatX(to)}
        </text>
        {series.map((s, index) => {
          const colour = SERIES_COLOURS[index % SERIES_COLOURS.length];
          const drawn = s.points.filter((p): p is { x: number; y: number } => p.y !== null);
          return (
            <g key={s.label}>
              {drawn.length > 1 && <polyline fill="none" stroke={colour} strokeWidth={2} points={drawn.map((p) => `${x(p.x)},${y(p.y)}`).join(' ')} />}
              {drawn.map((p) => (
                <circle key={p.x} cx={x(p.x)} cy={y(p.y)} r={3} fill={colour} />
              ))}
            </g>
          );
        })}
      </svg>
      <ul className={styles.legend}>
        {series.map((s, index) => (
          <li key={s.label}>
            <span className={styles.swatch} style={{ background: SERIES_COLOURS[index % SERIES_COLOURS.length] }} aria-hidden="true" />
            <code>{s.label}</code>
          </li>
        ))}
      </ul>
    </figure>
  );
}
