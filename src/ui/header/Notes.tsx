/** What the reader skipped or merged while reading (e.g. Claude Code log entries that are not messages). */
export function Notes({ notes }: { notes: readonly string[] }) {
  return (
    <ul className="notes" data-testid="notes" aria-label="Notes from reading the input">
      {notes.map((note) => (
        <li key={note} className="note">
          <span className="note-mark" aria-hidden="true">
            ⓘ
          </span>
          {note}
        </li>
      ))}
    </ul>
  );
}
