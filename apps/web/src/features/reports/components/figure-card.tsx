/**
 * One figure of the report: its title (with the definition in a tooltip where it needs one), the
 * chart or, at a tap, the table of its numbers, and the CSV of the same numbers.
 */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Button } from '../../../shared/ui';
import { csvOf, downloadCsv, type CsvValue } from '../lib/csv';
import { ChartCanvas, type ChartSpec } from './chart-canvas';
import styles from './reports.module.css';

export interface FigureColumn {
  label: string;
  /** Whether the column holds numbers (right-aligned). */
  numeric?: boolean;
}

export interface Figure {
  id: string;
  title: string;
  info?: string;
  columns: FigureColumn[];
  /** What the table shows, cell by cell. */
  rows: ReactNode[][];
  /** The same rows for the CSV: plain numbers (money in BYN with two decimals). */
  csv: CsvValue[][];
  chart?: ChartSpec;
  /** A drawing of its own instead of a Chart.js chart (the heat map). */
  picture?: ReactNode;
}

export function Info({ text, label }: { text: string; label: string }) {
  return (
    <details className={styles.info}>
      <summary aria-label={label} title={text}>
        ?
      </summary>
      <p role="tooltip">{text}</p>
    </details>
  );
}

export function FigureCard({ figure, period }: { figure: Figure; period: { from: string; to: string } }) {
  const { t } = useTranslation('admin');
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  // Bars or a ring of nothing but zeros say less than the words "nothing in this period".
  const allZero = figure.chart !== undefined && figure.chart.type !== 'line' && figure.chart.series.every((series) => series.values.every((value) => value === 0));
  const empty = figure.rows.length === 0 || allZero;

  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid={`figure-${figure.id}`}>
      <header className={styles.cardHead}>
        <h3 id={titleId} className={styles.cardTitle}>
          {figure.title}
        </h3>
        {figure.info && <Info text={figure.info} label={t('admin:reports.definition')} />}
        <div className={styles.cardActions}>
          {!empty && (figure.chart || figure.picture) && (
            <Button type="button" variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)} data-testid="figure-view">
              {asTable ? t('admin:reports.showChart') : t('admin:reports.showTable')}
            </Button>
          )}
          {!empty && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              data-testid="figure-csv"
              onClick={() => downloadCsv(`${figure.id}-${period.from}-${period.to}.csv`, csvOf(figure.columns.map((column) => column.label), figure.csv))}
            >
              CSV
            </Button>
          )}
        </div>
      </header>
      {empty ? (
        <p className={styles.empty}>{t('admin:reports.empty')}</p>
      ) : asTable || (!figure.chart && !figure.picture) ? (
        // The table scrolls when long or wide: it takes the focus, so a keyboard can scroll it too.
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby={titleId}>
          <table className={styles.table} data-testid="figure-table">
            <thead>
              <tr>
                {figure.columns.map((column) => (
                  <th key={column.label} scope="col" className={column.numeric ? styles.num : undefined}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figure.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((cell, column) => (
                    <td key={column} className={figure.columns[column]?.numeric ? styles.num : undefined}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        (figure.picture ?? <ChartCanvas spec={figure.chart!} label={figure.title} />)
      )}
    </section>
  );
}
