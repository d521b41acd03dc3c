/**
 * One chart drawn by Chart.js on a canvas. Chart.js is imported only here, by the reports
 * screen's lazy chunk: the public pages never download it (docs/decisions/037-reports.md).
 */
import { useEffect, useRef } from 'react';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import styles from './reports.module.css';

Chart.register(ArcElement, BarController, BarElement, CategoryScale, DoughnutController, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);

export interface ChartSeries {
  label: string;
  values: number[];
}

export interface ChartSpec {
  type: 'bar' | 'line' | 'doughnut';
  labels: string[];
  series: ChartSeries[];
  /** Bars along the y axis (long labels such as dishes' names). */
  horizontal?: boolean;
  stacked?: boolean;
  /** How a value reads in the tooltip and on the axis. */
  format: (value: number) => string;
}

const PALETTE_VARS = ['--color-accent', '--color-highlight', '--color-danger', '--color-success', '--color-text-muted'];

function palette(): string[] {
  const style = getComputedStyle(document.documentElement);
  const colors = PALETTE_VARS.map((name) => style.getPropertyValue(name).trim()).filter(Boolean);
  return colors.length > 0 ? colors : ['#4a3426', '#b08d57', '#c62828', '#2e7d32', '#7a6a5d'];
}

export function ChartCanvas({ spec, label }: { spec: ChartSpec; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const colors = palette();
    const round = spec.type === 'doughnut';
    const config: ChartConfiguration = {
      type: spec.type,
      data: {
        labels: spec.labels,
        datasets: spec.series.map((series, index) => ({
          label: series.label,
          data: series.values,
          backgroundColor: round ? spec.labels.map((_, i) => colors[i % colors.length]!) : colors[index % colors.length]!,
          borderColor: round ? 'transparent' : colors[index % colors.length]!,
          borderWidth: spec.type === 'line' ? 2 : 0,
          pointRadius: spec.labels.length > 40 ? 0 : 2,
          fill: false,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        indexAxis: spec.horizontal ? 'y' : 'x',
        plugins: {
          legend: { display: spec.series.length > 1 || round, position: 'bottom' },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${spec.format(Number(item.raw))}` } },
        },
        scales: round
          ? {}
          : {
              // Dates along a phone's width ran into each other with Chart.js's 3 px between labels.
              x: { stacked: spec.stacked ?? false, ticks: spec.horizontal ? { callback: (value) => spec.format(Number(value)) } : { autoSkip: true, autoSkipPadding: 16, maxRotation: 0 } },
              y: { stacked: spec.stacked ?? false, beginAtZero: true, ticks: spec.horizontal ? {} : { callback: (value) => spec.format(Number(value)) } },
            },
      },
    };
    const chart = new Chart(context, config);
    return () => chart.destroy();
  }, [spec]);

  return (
    <div className={spec.type === 'doughnut' ? styles.canvasRound : styles.canvas}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
