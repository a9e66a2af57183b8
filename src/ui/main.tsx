// First, for its effect: a single HTML file's saved view goes into the address before the store exists.
import './load/standaloneView';
// Before anything renders: <html data-theme> is the theme in effect (theme/applyTheme.ts).
import './theme/applyTheme';
import { startupLoad } from './load/startupLoad';
import { showRenderFailure } from './renderFailure';
// Every stylesheet is in the entry: a stylesheet of the render chunk would hold its import until it loads.
import './theme.css';
import './app.css';
import './timeline/timeline.css';
import './search/search.css';
import './views/views.css';
import './table/table.css';
import './findings/findings.css';
import './detail/detail.css';
import './content/content.css';
import './header/header.css';
import './export/export.css';
import './components/dialog.css';
import './keyboard/keyboard.css';
import './load/load.css';
import './share/share.css';
import './repair/repair.css';
import './verdicts/verdicts.css';
import './layout/layout.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The worker starts fetching and parsing before React's code is even evaluated; the page renders meanwhile.
startupLoad();
import('./render').then(({ render }) => render(root)).catch((error: unknown) => showRenderFailure(root, error));
