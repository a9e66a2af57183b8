import type { Verdict } from '../../core/model';
import { useStore } from '../../store/store';
import { problemMessages } from './problemMessages';

/** Messages and ids a problem links at most; one that folds many findings (core/repeats) says how many more. */
const LINKS_SHOWN = 10;

/** One reason a provider refuses the history: its error text verbatim, where, and how to fix it. */
export function VerdictProblem({ problem }: { problem: Verdict['problems'][number] }) {
  const jumpTo = useStore((s) => s.jumpTo);
  const selected = useStore((s) => s.selection?.index);
  const messages = problemMessages(problem);
  const [id] = problem.ids;
  return (
    <li className="verdict-problem" data-testid="verdict-problem" data-rule={problem.rule}>
      <pre className="verdict-error" data-testid="verdict-error">
        {problem.error}
      </pre>
      <div className="verdict-where">
        {messages.length > 0 && <span className="verdict-where-label">Messages</span>}
        {messages.slice(0, LINKS_SHOWN).map((index) => (
          <button
            key={index}
            type="button"
            className={`verdict-message${selected === index ? ' active' : ''}`}
            data-testid="verdict-message"
            data-index={index}
            title={`Select message #${index} and scroll to it`}
            onClick={() => jumpTo({ index, related: messages, ...(id !== undefined ? { toolCallId: id } : {}) })}
          >
            #{index}
          </button>
        ))}
        {messages.length > LINKS_SHOWN && <span className="verdict-more">and {messages.length - LINKS_SHOWN} more</span>}
        {problem.ids.length > 0 && <span className="verdict-where-label">{problem.ids.length === 1 ? 'id' : 'ids'}</span>}
        {problem.ids.slice(0, LINKS_SHOWN).map((callId) => (
          <code key={callId} className="verdict-id">
            {callId}
          </code>
        ))}
        {problem.ids.length > LINKS_SHOWN && <span className="verdict-more">and {problem.ids.length - LINKS_SHOWN} more</span>}
      </div>
      {problem.count !== undefined && (
        <p className="verdict-count" data-testid="verdict-count" data-count={problem.count}>
          {problem.count} findings of this rule, folded into one: the error and the fix are the first one&apos;s, the messages and ids all of theirs.
        </p>
      )}
      <p className="verdict-fix">
        <strong>Fix:</strong> {problem.fix}
      </p>
      <p className="verdict-rule">
        Finding <code>{problem.rule}</code>
      </p>
    </li>
  );
}
