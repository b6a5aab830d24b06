import { format, useT } from '../i18n/i18n';
import { useStudio } from '../store';
import { shellStrings } from './strings';

export function LanguageSwitch() {
  const t = useT(shellStrings);
  const lang = useStudio((s) => s.lang);
  const setLang = useStudio((s) => s.setLang);
  return (
    <button
      type="button"
      className="button"
      lang={lang === 'en' ? 'zh-CN' : 'en'}
      aria-label={format(t.switchLanguageAria, {
        name: t.switchLanguage,
        label: t.switchLanguageLabel,
      })}
      onClick={() => setLang(lang === 'en' ? 'zh' : 'en')}
    >
      {t.switchLanguage}
    </button>
  );
}
