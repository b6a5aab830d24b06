import './output-mapping.css';
import { useId, useState } from 'react';
import type { OutputMapping, TableConversion } from '../../../kernel/table-import';
import { MAX_MAPPED_VALUES } from '../../../kernel/table-import/mapping-limit';
import { revealInline } from '../../../kernel/util/visible-text';
import { DECISIONS } from '../../../kernel/vocabulary/decisions';
import { format, pick, useT } from '../../i18n/i18n';
import { VisibleText } from '../../shell/VisibleText';
import { useStudio } from '../../store';
import { outputMappingStrings } from './strings';

/** Per table: the output chosen ('' = none) and each value's decision ('' = keep as output). */
type Choice = { readonly output: string; readonly values: ReadonlyMap<string, string> };

const initialChoice = (table: TableConversion, given: readonly OutputMapping[]): Choice => {
  const m = given.find((g) => g.table === table.name);
  if (!m || !table.businessOutputs?.some((o) => o.name === m.output))
    return { output: '', values: new Map() };
  return { output: m.output, values: new Map(m.values) };
};

/**
 * The import dialog's mapping of a business table's outputs to decisions (issue 38 §4, I-95):
 * per table, one output and, for each of its values, one of the 13 decisions or "keep as output".
 * Nothing is chosen to begin with (fail closed: an unmapped value never becomes ALLOW) unless the
 * file's mapping was remembered; Apply reads the file again with the mapping.
 */
export function OutputMappingForm({
  tables,
  given,
  busy,
  onApply,
}: {
  readonly tables: readonly TableConversion[];
  readonly given: readonly OutputMapping[];
  readonly busy: boolean;
  readonly onApply: (mappings: OutputMapping[]) => void;
}) {
  const t = useT(outputMappingStrings);
  const lang = useStudio((s) => s.lang);
  const id = useId();
  const [choices, setChoices] = useState<ReadonlyMap<string, Choice>>(
    () => new Map(tables.map((tb) => [tb.name, initialChoice(tb, given)])),
  );
  const set = (table: string, choice: Choice) =>
    setChoices((all) => new Map(all).set(table, choice));
  const mappings = (): OutputMapping[] =>
    tables.flatMap((tb) => {
      const c = choices.get(tb.name);
      if (!c || c.output === '') return [];
      const values = [...c.values].filter(([, d]) => d !== '');
      return [{ table: tb.name, output: c.output, values }];
    });
  return (
    <section className="output-mapping" data-testid="output-mapping" aria-label={t.section}>
      <h3>{t.section}</h3>
      <p>{t.intro}</p>
      {tables.map((tb, ti) => {
        const c = choices.get(tb.name) ?? { output: '', values: new Map<string, string>() };
        const output = tb.businessOutputs?.find((o) => o.name === c.output);
        const selectId = `${id}-${ti}`;
        return (
          <div key={tb.name} className="output-mapping-table" data-table={tb.name}>
            <h4>
              <VisibleText text={format(t.title, { table: tb.name })} />
            </h4>
            <label htmlFor={selectId}>{t.output} </label>
            <select
              id={selectId}
              value={c.output}
              onChange={(e) => set(tb.name, { output: e.target.value, values: new Map() })}
            >
              <option value="">{t.noOutput}</option>
              {tb.businessOutputs?.map((o) => (
                <option key={o.name} value={o.name}>
                  {revealInline(o.name)}
                </option>
              ))}
            </select>
            {output && (
              <table className="output-mapping-values">
                <thead>
                  <tr>
                    <th scope="col">{t.value}</th>
                    <th scope="col">{t.decision}</th>
                  </tr>
                </thead>
                <tbody>
                  {output.values.map((v) => (
                    <tr key={v}>
                      <td className="mono">
                        <VisibleText text={v} />
                      </td>
                      <td>
                        <select
                          aria-label={format(t.decisionFor, { value: revealInline(v) })}
                          value={c.values.get(v) ?? ''}
                          onChange={(e) =>
                            set(tb.name, {
                              output: c.output,
                              values: new Map(c.values).set(v, e.target.value),
                            })
                          }
                        >
                          <option value="">{t.keep}</option>
                          {DECISIONS.map((d) => (
                            <option key={d.name} value={d.name}>
                              {`${d.name} · ${pick({ en: d.en, zh: d.zh }, lang)}`}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {output && output.values.length >= MAX_MAPPED_VALUES && (
              <p className="muted">{format(t.more, { n: MAX_MAPPED_VALUES })}</p>
            )}
          </div>
        );
      })}
      <div className="dialog-actions">
        <button
          type="button"
          className="button primary"
          disabled={busy}
          onClick={() => onApply(mappings())}
        >
          {busy ? t.applying : t.apply}
        </button>
      </div>
    </section>
  );
}
