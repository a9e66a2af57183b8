import { sampleSource } from '../../store/sampleSource';
import { useStore } from '../../store/store';
import { MenuButton, MenuItem, useHeaderMenu } from '../components/HeaderMenu';
import { openSample } from './openSample';
import { DEFAULT_SAMPLE, SAMPLES, type Sample } from './samples';

/** Samples ▾: short histories, each showing a problem msgscope finds; the one on screen is marked. */
export function SamplesMenu() {
  const { rootRef, ...menu } = useHeaderMenu();
  const source = useStore((s) => s.transcriptSource);
  const choose = (sample: Sample): void => {
    menu.setOpen(false);
    void openSample(sample);
  };
  return (
    <div className="export samples" ref={rootRef}>
      <MenuButton {...menu} className="button ghost" data-testid="samples" title="Open a sample history that shows a problem msgscope finds">
        Samples
      </MenuButton>
      {menu.open && (
        <div className="export-menu samples-menu" role="menu" aria-label="Sample histories" data-testid="samples-menu">
          {SAMPLES.map((sample, i) => (
            <MenuItem
              key={sample.file}
              data-testid="sample-item"
              data-file={sample.file}
              data-current={source === sampleSource(sample.file) ? 'true' : undefined}
              label={
                <>
                  {sample.title}
                  {sample === DEFAULT_SAMPLE && <span className="samples-default"> · opens first</span>}
                </>
              }
              detail={
                <>
                  <span className="samples-format">{sample.format}</span> — {sample.problem}
                </>
              }
              autoFocus={i === 0}
              onClick={() => choose(sample)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
