import { format } from '../../i18n/format';
import type { Bilingual } from '../../kernel';
import type { Incident } from '../../worker/kernel-client';
import { kernelStrings } from '../../worker/strings';

/**
 * The watchdog's report in words: which document, what it was doing (and, for a long job, which
 * case or event), and that nothing was lost. `nameOf` maps a document id to its name.
 */
export function describeIncident(
  incident: Incident,
  nameOf: (docId: string) => string | undefined,
): Bilingual {
  const [kind = '', docId = ''] = incident.channel.split(/:(.*)/s);
  const name = nameOf(docId);
  const kinds = kernelStrings.en.what;
  if (!Object.hasOwn(kinds, kind) || name === undefined) return incident.message;
  const key = kind as keyof typeof kinds;
  const seconds = (incident.budgetMs / 1000).toLocaleString('en');
  const say = (lang: 'en' | 'zh'): string => {
    const t = kernelStrings[lang];
    const doc = format(t.doc, { name });
    const at = incident.at ? format(t.at, { at: incident.at }) : '';
    const timeout = incident.reason === 'timeout';
    const phrase = format(t.what[key], { doc });
    // English continues "The kernel failed while checking …": the phrase is not at the start.
    const what =
      timeout || lang === 'zh' ? phrase : phrase.charAt(0).toLowerCase() + phrase.slice(1);
    return format(timeout ? t.incidentTimeout : t.incidentFailed, { what, at, seconds });
  };
  return { en: say('en'), zh: say('zh') };
}
