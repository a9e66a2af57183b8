// Imported first by main.tsx, for its effect: the view a single HTML file was saved with is in the address
// before any other module (the store among them) is evaluated and may read it.
import { adoptStandaloneView } from './standaloneFile';

adoptStandaloneView();
