import type { Verdict } from '../../core/model';
import { useStore } from '../../store/store';
import { problemMessages } from './problemMessages';

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
        {messages.map((index) => (
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
        {problem.ids.length > 0 && <span className="verdict-where-label">{problem.ids.length === 1 ? 'id' : 'ids'}</span>}
        {problem.ids.map((callId) => (
          <code key={callId} className="verdict-id">
            {callId}
          </code>
        ))}
      </div>
      <p className="verdict-fix">
        <strong>Fix:</strong> {problem.fix}
      </p>
      <p className="verdict-rule">
        Finding <code>{problem.rule}</code>
      </p>
    </li>
  );
}
