import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadEditorSession } from './editor/monaco-locale';
import { startAnalysis } from './kernel/analysis-controller';
import { startEvaluation } from './kernel/evaluation-controller';
import { getBatchKernel, getKernel } from './kernel/kernel-instance';
import { registerServiceWorker } from './offline';
import { whenStudioQuiet } from './offline/quiet';
import { studioStore } from './store';
import './styles.css';
import { startSuites } from './suites/suite-controller';
import { startPersistence } from './workspace/persistence';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

// Tests and benchmarks drive the studio through its store (documented in e2e/README.md).
(globalThis as { __ERDL_STUDIO__?: unknown }).__ERDL_STUDIO__ = {
  store: studioStore,
  kernel: getKernel,
  batchKernel: getBatchKernel,
};

markInteractiveOnFirstMarkers();

// The workers start now, so loading and compiling the kernel in them overlaps with the page's
// first render and the workspace's load from IndexedDB (the first analysis waits for neither).
getKernel();
getBatchKernel();
// Monaco's chunk loads meanwhile too (the editor mounts once the workspace is loaded). A failure
// here is the editor's to report: it imports the same module when it mounts, and offers a retry.
loadEditorSession(studioStore.getState().lang).catch(() => undefined);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

void startPersistence(studioStore).then(() => {
  const kernel = getKernel();
  startAnalysis(studioStore, kernel);
  startEvaluation(studioStore, kernel);
  startSuites(studioStore, getBatchKernel());
});

// Precaching for offline use starts once the studio is quiet (offline/quiet.ts).
registerServiceWorker(() => whenStudioQuiet(studioStore));

/**
 * "Interactive" for the UI benchmark: the first time the editor shows the active document's
 * markers, i.e. the workspace is loaded, Monaco is up and the kernel worker has answered.
 */
function markInteractiveOnFirstMarkers(): void {
  if (typeof PerformanceObserver === 'undefined') return;
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('erdl:markers').length) return;
    observer.disconnect();
    performance.mark('erdl:interactive');
  });
  observer.observe({ type: 'mark', buffered: true });
}
