// Placeholder until the view lands in this change set.
export default function ToolsView() {
  return <p className="view-loading">Not built yet.</p>;
}
