import { useState } from 'react';
import type { ProjectionTarget } from '../../kernel';
import { revealInline } from '../../kernel/util/visible-text';
import { format } from '../i18n/i18n';
import { getKernel } from '../kernel/kernel-instance';
import { studioStore } from '../store';
import type { Lang } from '../store/types';
import { panelStrings } from './strings';

const TARGETS: readonly ProjectionTarget[] = ['simple', 'expr', 'table'];

/**
 * "Convert to…" for one rule entry: the worker rewrites the entry in the chosen form, and the
 * result is proposed like a quick fix — shown as a diff, applied only when the user accepts.
 */
export function ConvertMenu({
  entry,
  current,
  lang,
}: {
  entry: string;
  current: string;
  lang: Lang;
}) {
  // Props, not store subscriptions: a document can have a thousand of these.
  const t = panelStrings[lang];
  const [busy, setBusy] = useState(false);
  const convert = async (to: ProjectionTarget) => {
    const state = studioStore.getState();
    const doc = state.activeId ? state.documents[state.activeId] : undefined;
    if (!doc) return;
    setBusy(true);
    const outcome = await getKernel().request(`convert:${doc.id}`, {
      op: 'convert',
      doc: doc.id,
      text: doc.text,
      rule: entry,
      to,
    });
    setBusy(false);
    const now = studioStore.getState();
    if (outcome.status !== 'done') {
      if (outcome.status === 'failed' || outcome.status === 'restarted') {
        now.notify('error', outcome.message);
      }
      return;
    }
    const conversion = outcome.value;
    if (conversion.ok)
      now.proposeFix({
        docId: doc.id,
        code: 'convert',
        fix: conversion.fix,
        summary: conversion.summary,
      });
    else {
      for (const message of conversion.messages) now.notify('warning', message);
    }
  };
  return (
    <span className="convert-menu" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
      <span className="muted">{t.gloss.convertTo}</span>
      {TARGETS.filter((to) => to !== current).map((to) => (
        <button
          key={to}
          type="button"
          className="button small"
          disabled={busy}
          aria-label={format(t.gloss.convertLabel, {
            name: revealInline(entry),
            form: t.gloss.forms[to],
          })}
          onClick={() => void convert(to)}
        >
          {t.gloss.forms[to]}
        </button>
      ))}
    </span>
  );
}
