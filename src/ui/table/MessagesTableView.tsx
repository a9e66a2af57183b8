// Placeholder until the view lands in this change set.
export default function MessagesTableView() {
  return <p className="view-loading">Not built yet.</p>;
}
