import { startupLoad } from './load/startupLoad';
import './theme.css';
import './app.css';
import './timeline/timeline.css';
import './findings/findings.css';
import './detail/detail.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The worker starts fetching and parsing before React's code is even evaluated; the page renders meanwhile.
startupLoad();
void import('./render').then(({ render }) => render(root));
