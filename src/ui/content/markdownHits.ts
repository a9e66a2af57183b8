// The search's matches marked in rendered Markdown: a rehype step that splits the text nodes of the tree react-markdown
// builds into text and `mark` elements, before React draws it. It adds elements to the tree, never HTML, and reads
// only text nodes: a match across two of them (`**foo**bar` for `foobar`) is not marked, though the message matched.
import { MAX_MARKS, matchRanges, splitAtRanges } from '../../core/search/ranges';

interface TextNode {
  type: 'text';
  value: string;
}

interface ElementNode {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: TreeNode[];
}

/** A hast node as far as this step needs: text, elements and whatever else (comments, doctype) left alone. */
type TreeNode = TextNode | ElementNode | { type: 'root' | 'comment' | 'doctype'; children?: TreeNode[] };

const isText = (node: TreeNode): node is TextNode => node.type === 'text';
const hasChildren = (node: TreeNode): node is TreeNode & { children: TreeNode[] } => 'children' in node && Array.isArray(node.children);

const mark = (value: string): ElementNode => ({
  type: 'element',
  tagName: 'mark',
  properties: { className: ['search-hit'], dataTestid: 'search-hit' },
  children: [{ type: 'text', value }],
});

/** Marks the matches of `pattern` in the text under `tree`, at most MAX_MARKS in all. */
export function markSearchHits(tree: TreeNode, pattern: RegExp): void {
  let left = MAX_MARKS;
  const walk = (node: TreeNode): void => {
    if (!hasChildren(node)) return;
    const children: TreeNode[] = [];
    for (const child of node.children) {
      if (!isText(child) || left <= 0) {
        walk(child);
        children.push(child);
        continue;
      }
      const ranges = matchRanges(child.value, pattern, left);
      left -= ranges.length;
      if (ranges.length === 0) children.push(child);
      else for (const piece of splitAtRanges(child.value, ranges)) children.push(piece.hit ? mark(piece.text) : { type: 'text', value: piece.text });
    }
    node.children = children;
  };
  walk(tree);
}

/** The rehype plugin: `[rehypeSearchHits, pattern]` in react-markdown's `rehypePlugins`. */
export function rehypeSearchHits(pattern: RegExp): (tree: TreeNode) => void {
  return (tree) => markSearchHits(tree, pattern);
}
