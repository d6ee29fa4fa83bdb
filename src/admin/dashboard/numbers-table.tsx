/**
 * One table of the visitors' numbers (top pages, referrers, releases …), a real table with its column and row
 * headings. A table of three columns or more stacks when its box is narrow (a phone: admin.css, `@container`): each
 * row a small block, its name on top and each figure beside its column's name, so no heading or word has to break
 * inside itself ("Lim/ba" on a 360 px phone, issue 33; docs/decisions/0047). The roles are written out because a
 * table laid out as blocks loses them in some browsers (Safari), and the column's name shown beside a figure is
 * drawn by CSS with an empty alternative (`content: attr(data-label) / ""`): a screen reader hears the column
 * heading once, as in any table.
 */
import { useId, type ReactNode } from 'react';

export function NumbersTable(props: {
  title: string;
  head: string[];
  rows: ReactNode[][];
  /** What an empty table says instead (none: the table is shown empty). */
  empty?: string;
  /** The first column of figures (right-aligned); the columns before it are text. 1 unless told. */
  text?: number;
}) {
  const id = useId();
  const text = props.text ?? 1;
  const stacks = props.head.length > 2;
  return (
    <section className={`audience__table${stacks ? ' audience__table--stacks' : ''}`} aria-labelledby={id}>
      <h3 id={id}>{props.title}</h3>
      {props.rows.length === 0 && props.empty ? (
        <p className="field__hint">{props.empty}</p>
      ) : (
        <table role="table" aria-labelledby={id}>
          <thead role="rowgroup">
            <tr role="row">
              {props.head.map((h, i) => (
                <th key={h} role="columnheader" scope="col" className={i >= text ? 'num' : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {props.rows.map((row, r) => (
              <tr key={r} role="row">
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} role="rowheader" scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={c} role="cell" data-label={props.head[c]} className={c >= text ? 'num' : undefined}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
