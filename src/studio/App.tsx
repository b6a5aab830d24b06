import { YamlEditor } from './editor/YamlEditor';
import { useT } from './i18n/i18n';
import { LanguageSwitch } from './shell/LanguageSwitch';
import { Notices } from './shell/Notices';
import { PanelTabs } from './shell/PanelTabs';
import { ProblemsList } from './shell/ProblemsList';
import { StatusBar } from './shell/StatusBar';
import { shellStrings } from './shell/strings';
import { useStudio } from './store';
import { ConflictBanner } from './workspace/ConflictBanner';
import { DocumentList } from './workspace/DocumentList';

/** The studio's layout: documents left, the editor in the centre, panels right, status below. */
export function App() {
  const t = useT(shellStrings);
  const lang = useStudio((s) => s.lang);
  const loading = useStudio((s) => s.persistence.state === 'loading');
  const hasDocument = useStudio((s) => s.activeId !== null);
  return (
    <div className="studio" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
      <header className="top-bar">
        <h1 className="app-title">{t.title}</h1>
        <span className="muted tagline">{t.tagline}</span>
        <span className="spacer" />
        <LanguageSwitch />
      </header>
      <ConflictBanner />
      <Notices />
      <nav className="documents" aria-label={t.documents}>
        <DocumentList />
      </nav>
      <main className="centre" aria-label={t.editor}>
        {loading ? (
          <p className="muted" role="status">
            {t.loadingWorkspace}
          </p>
        ) : hasDocument ? (
          <>
            <div className="editor-host">
              <YamlEditor />
            </div>
            <ProblemsList />
          </>
        ) : (
          <p className="muted">{t.noDocument}</p>
        )}
      </main>
      <aside className="side">
        <PanelTabs />
      </aside>
      <StatusBar />
    </div>
  );
}
