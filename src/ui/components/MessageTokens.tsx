import type { Usage } from '../../core/model';
import { formatCount } from '../text/format';

export function MessageTokens({ usage, cumulative }: { usage: Usage; cumulative: number }) {
  const extras = [
    usage.cacheRead !== undefined && `cache read ${formatCount(usage.cacheRead)}`,
    usage.cacheCreation !== undefined && `cache write ${formatCount(usage.cacheCreation)}`,
    usage.reasoning !== undefined && `reasoning ${formatCount(usage.reasoning)}`,
    // Passes billed beside the message's own (Anthropic compaction): counted above, named apart here.
    ...(usage.iterations ?? [])
      .filter((pass) => pass.type !== 'message')
      .map((pass) => `${pass.type} in ${formatCount(pass.input)} out ${formatCount(pass.output)}`),
  ].filter(Boolean);
  return (
    <span
      className="message-tokens"
      data-testid="message-tokens"
      data-input={usage.input}
      data-output={usage.output}
      data-total={usage.total}
      data-cumulative={cumulative}
      title={usage.totalReported ? 'Total as reported' : 'Total computed as input + output'}
    >
      <span>
        in {formatCount(usage.input)} · out {formatCount(usage.output)} · <strong>{formatCount(usage.total)}</strong>
      </span>
      {extras.length > 0 && <span>({extras.join(', ')})</span>}
      <span className="running-total" title="Running total of tokens up to this message">
        Σ {formatCount(cumulative)}
      </span>
    </span>
  );
}
