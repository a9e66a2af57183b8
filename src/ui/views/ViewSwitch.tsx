import { useStore } from '../../store/store';
import { MAIN_VIEWS, type MainView } from '../../store/viewSlice';
import { preloadView } from './viewModules';

const LABELS: Record<MainView, string> = { timeline: 'Timeline', table: 'Table', tools: 'Tools', tokens: 'Tokens' };

/** *Timeline | Table | Tools | Tokens*: the centre column's view. The selection is the same in every view. */
export function ViewSwitch() {
  const mainView = useStore((s) => s.mainView);
  const setMainView = useStore((s) => s.setMainView);
  return (
    <div className="view-switch" role="group" aria-label="View" data-testid="view-switch">
      {MAIN_VIEWS.map((id) => (
        <button
          key={id}
          type="button"
          className={`view-button${id === mainView ? ' on' : ''}`}
          aria-pressed={id === mainView}
          data-view={id}
          onPointerEnter={() => preloadView(id)}
          onFocus={() => preloadView(id)}
          onClick={() => setMainView(id)}
        >
          {LABELS[id]}
        </button>
      ))}
    </div>
  );
}
