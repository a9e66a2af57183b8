import { useState } from 'react';
import { useStore } from '../../store/store';
import { REASONING_ENCODING, type DetailBlock, type DetailImage } from '../../protocol/workerApi';
import { CappedText } from '../components/CappedText';
import { RichText } from '../content/RichText';
import { RemoteImage, Thumbnail } from '../content/ImageView';
import { remoteImage } from '../content/links';
import { formatCount } from '../text/format';

const megabytes = (bytes: number): string => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} KB`);

/** An inline image the detail left out for size: fetched from the worker (not the network) on *Show image*. */
function OmittedImage({ index, block, image, alt }: { index: number; block: number; image: { mediaType: string; bytes: number }; alt: string }) {
  const session = useStore((s) => s.session);
  const [state, setState] = useState<{ src: string } | { error: string } | 'idle' | 'loading'>('idle');
  if (typeof state === 'object' && 'src' in state) return <Thumbnail src={state.src} alt={alt} />;
  const show = async (): Promise<void> => {
    if (!session) return;
    setState('loading');
    try {
      setState({ src: await session.image(index, block) });
    } catch (error) {
      setState({ error: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <span className="omitted-image" data-testid="omitted-image">
      {image.mediaType}, {megabytes(image.bytes)}: too large to send with the detail.{' '}
      <button type="button" className="button" data-testid="show-image" disabled={state === 'loading'} onClick={() => void show()}>
        Show image ({megabytes(image.bytes)})
      </button>
      {typeof state === 'object' && <span role="alert"> Could not show it: {state.error}</span>}
    </span>
  );
}

function ImageBlock({ image, index, block, position }: { image: DetailImage | undefined; index: number; block: number; position: number }) {
  const alt = `Image ${position}${image && 'mediaType' in image ? ` (${image.mediaType})` : ''} of message #${index}`;
  if (!image) return <span className="muted">An image whose source this reader does not know (see the original JSON).</span>;
  switch (image.kind) {
    case 'data':
      return (
        <span className="image-block">
          <Thumbnail src={image.src} alt={alt} />
          <span className="muted">
            {image.mediaType}, {megabytes(image.bytes)}
          </span>
        </span>
      );
    case 'omitted':
      return <OmittedImage index={index} block={block} image={image} alt={alt} />;
    case 'url': {
      const remote = remoteImage(image.url);
      return remote ? <RemoteImage url={remote.url} host={remote.host} alt={alt} /> : <code>{image.url}</code>;
    }
    case 'reference':
      return (
        <span className="muted" data-testid="image-reference">
          Kept elsewhere, not in the history: <code>{image.text}</code>
        </span>
      );
  }
}

function tokenLabel(tokens: DetailBlock['tokens']): string | undefined {
  if (!tokens) return undefined;
  const parts = [
    tokens.reported !== undefined && `${formatCount(tokens.reported)} tokens reported`,
    tokens.counted !== undefined &&
      `${tokens.reported !== undefined ? '' : '≈ '}${formatCount(tokens.counted)} tokens counted in its text (${REASONING_ENCODING})`,
  ].filter(Boolean);
  return parts.join(' · ');
}

const HIDDEN_LABELS = {
  redacted: 'redacted by the provider: sent encrypted, no text to read',
  encrypted: 'encrypted by the provider',
} as const;

/** A reasoning block, folded: its summary line says how big it is and whether it is hidden; its text draws only when opened. */
function ReasoningBlock({ block }: { block: DetailBlock }) {
  const [open, setOpen] = useState(false);
  const tokens = tokenLabel(block.tokens);
  const hidden =
    block.hidden && (block.hidden === 'encrypted' && block.text ? 'encrypted by the provider: only its summary is readable' : HIDDEN_LABELS[block.hidden]);
  const count = block.tokens?.reported ?? block.tokens?.counted;
  return (
    <details
      className="reasoning"
      data-testid="reasoning"
      data-hidden={block.hidden}
      data-tokens={count}
      data-token-source={block.tokens?.reported !== undefined ? 'reported' : block.tokens?.counted !== undefined ? 'counted' : undefined}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        <strong>{block.hidden === 'redacted' ? 'Redacted reasoning' : 'Reasoning'}</strong> <span className="muted">({block.type})</span>
        {tokens && <span className="reasoning-tokens"> · {tokens}</span>}
        {hidden && <span className="reasoning-hidden"> · {hidden}</span>}
        {!block.text && !hidden && <span className="muted"> · no text</span>}
      </summary>
      {open && block.text && <RichText text={block.text} />}
    </details>
  );
}

/** The message's reasoning blocks, each folded. */
export function Reasoning({ blocks }: { blocks: DetailBlock[] }) {
  const reasoning = blocks.filter((block) => block.kind === 'reasoning');
  if (reasoning.length === 0) return null;
  return (
    <section className="detail-section">
      <h3>Reasoning</h3>
      {reasoning.map((block, i) => (
        <ReasoningBlock key={i} block={block} />
      ))}
    </section>
  );
}

/** The blocks neither the Text nor the Reasoning section shows: images as thumbnails, the rest by kind. */
export function ContentBlocks({ blocks, index }: { blocks: DetailBlock[]; index: number }) {
  let images = 0;
  const others = blocks.map((block, i) => ({ block, i })).filter(({ block }) => block.kind !== 'text' && block.kind !== 'reasoning');
  if (others.length === 0) return null;
  return (
    <section className="detail-section">
      <h3>Content blocks</h3>
      <ol className="detail-blocks">
        {others.map(({ block, i }) => (
          <li key={i} data-kind={block.kind}>
            {block.kind}
            {block.type !== block.kind && <span className="muted"> ({block.type})</span>}
            {block.kind === 'image' ? (
              <div>
                <ImageBlock image={block.image} index={index} block={i} position={++images} />
              </div>
            ) : (
              block.text !== undefined && block.text !== '' && <CappedText text={block.text} cap={2000} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
