export function DropOverlay() {
  return (
    <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
      <div className="drop-overlay-card">
        <strong>Drop to open</strong>
        <span>JSON or JSON Lines message history. It stays on this machine.</span>
      </div>
    </div>
  );
}
