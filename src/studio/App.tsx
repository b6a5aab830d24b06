import { YamlEditor } from './editor/YamlEditor';
import { useT } from './i18n/i18n';
import { LazyTablePanel, LoadOnUse } from './panels/lazy-panel';
import { LanguageSwitch } from './shell/LanguageSwitch';
import { Notices } from './shell/Notices';
import { PanelTabs } from './shell/PanelTabs';
import { ProblemsList } from './shell/ProblemsList';
import { SplitSeparator } from './shell/SplitSeparator';
import { StatusBar } from './shell/StatusBar';
import { shellStrings } from './shell/strings';
import { useStudio } from './store';
import { ConflictBanner } from './workspace/ConflictBanner';
import { DocumentList } from './workspace/DocumentList';

/**
 * The studio's layout: documents left, the editor in the centre, panels right (resizable),
 * status below. In a document's table view the decision tables take the centre and the side,
 * and the YAML (collapsible) sits below them.
 */
export function App() {
  const t = useT(shellStrings);
  const lang = useStudio((s) => s.lang);
  const loading = useStudio((s) => s.persistence.state === 'loading');
  const activeId = useStudio((s) => s.activeId);
  const hasDocument = activeId !== null;
  const sideWidth = useStudio((s) => s.layout.sideWidth);
  const tableView = useStudio(
    (s) => s.activeId !== null && s.layout.tableView.includes(s.activeId),
  );
  const yamlCollapsed = useStudio(
    (s) => s.activeId !== null && s.layout.yamlCollapsed.includes(s.activeId),
  );
  const setTableView = useStudio((s) => s.setTableView);
  const setYamlCollapsed = useStudio((s) => s.setYamlCollapsed);
  const inTableView = hasDocument && tableView;
  return (
    <div
      className={inTableView ? 'studio table-view' : 'studio'}
      lang={lang === 'zh' ? 'zh-CN' : 'en'}
      style={{ '--side-width': `${sideWidth}px` } as React.CSSProperties}
    >
      <header className="top-bar">
        <h1 className="app-title">{t.title}</h1>
        <span className="muted tagline">{t.tagline}</span>
        <span className="spacer" />
        {hasDocument && (
          <button
            type="button"
            className="view-toggle"
            aria-pressed={inTableView}
            title={t.layout.tableViewTitle}
            onClick={() => activeId && setTableView(activeId, !inTableView)}
          >
            {t.layout.tableView}
          </button>
        )}
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
            {inTableView && (
              <section className="table-view-host" data-testid="table-view">
                <LoadOnUse>
                  <LazyTablePanel />
                </LoadOnUse>
              </section>
            )}
            {inTableView && (
              <div className="yaml-bar">
                <button
                  type="button"
                  aria-expanded={!yamlCollapsed}
                  aria-controls="yaml-editor-host"
                  onClick={() => activeId && setYamlCollapsed(activeId, !yamlCollapsed)}
                >
                  {yamlCollapsed ? t.layout.showYaml : t.layout.hideYaml}
                </button>
              </div>
            )}
            <div
              id="yaml-editor-host"
              className={
                inTableView
                  ? yamlCollapsed
                    ? 'editor-host collapsed'
                    : 'editor-host secondary'
                  : 'editor-host'
              }
            >
              <YamlEditor />
            </div>
            <ProblemsList />
          </>
        ) : (
          <p className="muted">{t.noDocument}</p>
        )}
      </main>
      {!inTableView && (
        <aside className="side">
          <SplitSeparator />
          <PanelTabs />
        </aside>
      )}
      <StatusBar />
    </div>
  );
}
