// A history of 100k messages is a 60 MB download. Its JSON is parsed while the rest arrives, so that
// little parsing is left once the last byte is in. The outer containers (the root, its objects a few
// levels down, and the arrays in them) are built here as their text streams past; everything inside
// them is handed to JSON.parse, the elements of an array in batches as soon as they are complete.
// JSON Lines are read a line at a time once the first line turns out to be a whole value. Anything
// this does not follow (a syntax error, a bare string) is only collected: the caller then parses the
// whole text as before, which also finds the exact line:column of an error.
//
// Following the structure costs a pass over every character. An array at the root written one element
// a line (or pretty-printed) needs none: a newline is never inside a JSON string, so a line that starts
// like the first element's is almost always the next element, and JSON.parse proves it (a batch cut
// inside an element leaves a string or container open and throws). A wrong guess goes back to the pass.

import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, isBlank, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './charCodes';
import type { ParsedInput } from '../formats/types';
import { capDepth, joinCuts, MAX_DEPTH, type DepthCuts } from './depth';
import type { PathSegment } from './locate';
import { JsonLines } from './parseInput';
import { TextPieces } from './textPieces';

/** Characters of complete array elements parsed at once: large enough that JSON.parse's call cost vanishes. */
const BATCH_CHARS = 1 << 20;
/** Objects nested this deep and deeper are parsed whole: `{values: {messages: [...]}}` needs two. */
const OBJECT_LEVELS = 3;

export interface StreamedJson {
  /**
   * Everything pushed, joined when first asked: with `parsed` at hand, only a message's line:column
   * needs the text, and joining 60 MB costs a tenth of a second the first screen need not wait for.
   */
  text: () => string;
  /** As parseInput reads the text, when it is a JSON object or array or JSON Lines; absent for anything else. */
  parsed?: ParsedInput;
}

/** An array built here: its elements are parsed in batches. */
interface ArrayFrame {
  kind: 'array';
  value: unknown[];
  /** Start of the first element not parsed yet: just after `[` or after a comma. */
  batchStart: number;
  /** The last comma after batchStart, or -1. */
  lastComma: number;
  sawComma: boolean;
}

/** An object built here, member by member. */
interface ObjectFrame {
  kind: 'object';
  value: Record<string, unknown>;
  state: 'first-key' | 'key' | 'colon' | 'value-start' | 'value' | 'after-value';
  key: string;
  /** Where the current member's value or key text starts. */
  start: number;
}

type Frame = ArrayFrame | ObjectFrame;

/**
 * Push the text in pieces as it is decoded, then `finish`. Offsets count characters from the start
 * of the whole text.
 */
export class StreamingJsonParser {
  private readonly text = new TextPieces();
  /** Set while the root array's batches are cut at lines that start like its first element (see the top). */
  private elementLine: string | undefined;
  /** False once this parser cannot follow the text: pieces are then only collected. */
  private parsing = true;
  /** The containers built here, outermost first; the top one's members are at depth `frames.length`. */
  private readonly frames: Frame[] = [];
  private depth = 0;
  private root: { value: unknown } | undefined;
  /** Offsets of the root's opening and closing bracket or brace. */
  private rootStart = -1;
  private rootEnd = -1;
  /**
   * Set once the text is JSON Lines: `nextLine` is where the line not read yet starts, `searched` how far
   * newlines were looked for (a line of megabytes arrives in many pieces).
   */
  private jsonLines: { lines: JsonLines; lineNumber: number; nextLine: number; searched: number } | undefined;
  private inString = false;
  /** Array elements parsed into the arrays built here (JSON Lines count in `jsonLines`). */
  private elementsParsed = 0;
  /** A piece ended inside a string right after a backslash: the next character is escaped. */
  private escapeNext = false;
  /** Values parsed here that nested deeper than MAX_DEPTH, cut as each batch is parsed (json/depth). */
  private deep: DepthCuts | undefined;

  /** `batchChars`: how many characters of complete array elements are parsed at once. */
  constructor(private readonly batchChars = BATCH_CHARS) {}

  /** Array elements and JSON Lines lines parsed so far: what a progress report can say was read. */
  get entriesParsed(): number {
    return this.elementsParsed + (this.jsonLines?.lines.count ?? 0);
  }

  push(piece: string): void {
    if (piece === '') return;
    const start = this.text.push(piece);
    if (!this.parsing) return;
    if (this.jsonLines) this.readLines();
    else if (this.elementLine === undefined) this.scan(piece, start);
    else this.cutAtLine(piece, start);
  }

  finish(): StreamedJson {
    if (this.parsing && this.elementLine !== undefined) this.finishLines();
    const text = () => this.text.join();
    if (!this.parsing) return { text };
    if (this.jsonLines) {
      const { lines, lineNumber, nextLine } = this.jsonLines;
      lines.add(this.text.slice(nextLine, this.text.length), lineNumber + 1);
      const parsed = lines.finish();
      return parsed ? { text, parsed } : { text };
    }
    if (!this.root || this.inString) return { text };
    return { text, parsed: { value: this.root.value, jsonLines: false, lineOf: [], ...(this.deep && { deep: this.deep }) } };
  }

  /** Reads every complete line not read yet. */
  private readLines(): void {
    const state = this.jsonLines;
    if (!state) return;
    for (const { piece, start } of this.text.from(Math.max(state.nextLine, state.searched))) {
      for (let newline = piece.indexOf('\n'); newline !== -1; newline = piece.indexOf('\n', newline + 1)) {
        state.lines.add(this.text.slice(state.nextLine, start + newline), ++state.lineNumber);
        state.nextLine = start + newline + 1;
      }
    }
    state.searched = this.text.length;
  }

  private fail(): void {
    this.parsing = false;
    this.frames.length = 0;
  }

  /** Walks one piece: strings and depth everywhere, the structure of the containers built here. */
  private scan(piece: string, offset: number): void {
    // The hot loop keeps its state in locals, written back around the rare structural characters.
    let depth = this.depth;
    let inString = this.inString;
    let level = this.frames.length;
    let i = 0;
    // The next quote and backslash at or after i, each found once: a long string full of escapes
    // must not be searched to its end at every escape.
    let nextQuote = -2;
    let nextBackslash = -2;
    const length = piece.length;
    while (i < length) {
      if (inString) {
        if (this.escapeNext) {
          this.escapeNext = false;
          i++;
          continue;
        }
        if (nextQuote !== -1 && nextQuote < i) nextQuote = piece.indexOf('"', i);
        if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = piece.indexOf('\\', i);
        if (nextBackslash !== -1 && (nextQuote === -1 || nextBackslash < nextQuote)) {
          // The escaped character may be the next piece's first.
          if (nextBackslash + 1 === length) this.escapeNext = true;
          i = nextBackslash + 2;
          continue;
        }
        if (nextQuote === -1) break;
        inString = false;
        i = nextQuote + 1;
        if (depth === level) {
          this.inString = false;
          this.stringEnded(offset + i);
          if (!this.parsing) return;
        }
        continue;
      }
      const c = piece.charCodeAt(i);
      i++;
      if (depth > level) {
        // Inside a value JSON.parse will read: only its end matters.
        if (c === QUOTE) inString = true;
        else if (c === OPEN_BRACKET || c === OPEN_BRACE) depth++;
        else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
        continue;
      }
      this.depth = depth;
      this.inString = false;
      this.structure(c, offset + i - 1);
      if (!this.parsing) return;
      // JSON Lines from here on: every complete line so far is read, and push reads the rest a line at a time.
      // Scanning on would take each character after the first line for a new start and read every line again.
      if (this.jsonLines) return;
      if (this.elementLine !== undefined) {
        this.cutAtLine(piece, offset);
        return;
      }
      depth = this.depth;
      inString = this.inString;
      level = this.frames.length;
    }
    this.depth = depth;
    this.inString = inString;
  }

  /** A character between the members of the innermost container built here (or outside the root). */
  private structure(c: number, at: number): void {
    const frame = this.frames[this.frames.length - 1];
    if (!frame) {
      if (isBlank(c)) return;
      if (!this.root && (c === OPEN_BRACE || c === OPEN_BRACKET)) this.open(c, at);
      else if (this.root && this.rootFillsItsLine(at)) this.startJsonLines();
      else this.fail();
      return;
    }
    if (frame.kind === 'array') this.arrayStructure(frame, c, at);
    else this.objectStructure(frame, c, at);
  }

  private arrayStructure(frame: ArrayFrame, c: number, at: number): void {
    if (c === COMMA) {
      frame.lastComma = at;
      frame.sawComma = true;
      if (frame.lastComma - frame.batchStart >= this.batchChars) {
        if (!this.parseElements(frame, frame.lastComma)) return;
        frame.batchStart = frame.lastComma + 1;
        frame.lastComma = -1;
      }
    } else if (c === CLOSE_BRACKET) {
      const tail = this.text.slice(frame.batchStart, at);
      // `[ ]` is empty; `[1, ]` ends in a comma, which JSON does not allow.
      if (tail.trim() === '' ? frame.sawComma : !this.parseElements(frame, at)) this.fail();
      else this.close(frame.value, at);
    } else if (c === QUOTE) {
      this.inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      this.depth++;
    } else if (c === CLOSE_BRACE) {
      this.fail();
    }
  }

  private objectStructure(frame: ObjectFrame, c: number, at: number): void {
    switch (frame.state) {
      case 'first-key':
      case 'key':
        if (c === QUOTE) {
          frame.start = at;
          this.inString = true;
        } else if (c === CLOSE_BRACE && frame.state === 'first-key') this.close(frame.value, at);
        else if (!isBlank(c)) this.fail();
        return;
      case 'colon':
        if (c === COLON) frame.state = 'value-start';
        else if (!isBlank(c)) this.fail();
        return;
      case 'value-start':
        if (isBlank(c)) return;
        if (c === OPEN_BRACKET || (c === OPEN_BRACE && this.frames.length < OBJECT_LEVELS)) {
          this.open(c, at);
          return;
        }
        frame.start = at;
        frame.state = 'value';
        if (c === QUOTE) this.inString = true;
        else if (c === OPEN_BRACE) this.depth++;
        return;
      case 'value':
        if (c === COMMA || c === CLOSE_BRACE) {
          const parsed = this.parse(frame.start, at);
          if (!parsed) return;
          // A member of the innermost frame is a level below it; the frames above are the levels before.
          this.noteCuts(capDepth(parsed.value, MAX_DEPTH - this.frames.length), [frame.key]);
          define(frame.value, frame.key, parsed.value);
          if (c === COMMA) frame.state = 'key';
          else this.close(frame.value, at);
        } else if (c === QUOTE) this.inString = true;
        else if (c === OPEN_BRACKET || c === OPEN_BRACE) this.depth++;
        else if (c === CLOSE_BRACKET) this.fail();
        return;
      case 'after-value':
        if (c === COMMA) frame.state = 'key';
        else if (c === CLOSE_BRACE) this.close(frame.value, at);
        else if (!isBlank(c)) this.fail();
    }
  }

  /** A string at the members' level ended just before `end`: in an object waiting for a key, that key. */
  private stringEnded(end: number): void {
    const frame = this.frames[this.frames.length - 1];
    if (frame?.kind !== 'object' || (frame.state !== 'key' && frame.state !== 'first-key')) return;
    const key = this.parse(frame.start, end);
    if (!key) return;
    if (typeof key.value !== 'string') {
      this.fail();
      return;
    }
    frame.key = key.value;
    frame.state = 'colon';
  }

  private open(c: number, at: number): void {
    if (this.frames.length === 0) this.rootStart = at;
    this.depth++;
    this.frames.push(
      c === OPEN_BRACKET
        ? { kind: 'array', value: [], batchStart: at + 1, lastComma: -1, sawComma: false }
        : { kind: 'object', value: {}, state: 'first-key', key: '', start: at + 1 },
    );
    if (c === OPEN_BRACKET && this.frames.length === 1) this.elementLine = this.firstElementLine(at + 1);
  }

  /** `\n` + the indentation and first character of the root array's first element, if it starts a line. */
  private firstElementLine(from: number): string | undefined {
    // The first piece holds the start of nearly every file; one that does not is simply scanned.
    const head = this.text.slice(from, Math.min(this.text.length, from + 256));
    const first = head.search(/\S/);
    const newline = head.lastIndexOf('\n', first);
    if (first === -1 || newline === -1) return undefined;
    return head.slice(newline, first + 1);
  }

  /**
   * Once a batch's worth has arrived, cuts it at the last line of this piece that starts like the first
   * element and follows a comma; JSON.parse checks the cut.
   */
  private cutAtLine(piece: string, offset: number): void {
    const frame = this.frames[0];
    if (frame?.kind !== 'array' || this.elementLine === undefined) return;
    if (offset + piece.length - frame.batchStart < this.batchChars) return;
    const line = piece.lastIndexOf(this.elementLine);
    let comma = line - 1;
    while (comma >= 0 && isBlank(piece.charCodeAt(comma))) comma--;
    if (comma < 0 || piece.charCodeAt(comma) !== COMMA || offset + comma <= frame.batchStart) return;
    const batch = this.parse(frame.batchStart, offset + comma, true, false);
    if (!batch || !Array.isArray(batch.value) || batch.value.length === 0) {
      // Not an element boundary after all: follow the structure from the last good cut.
      this.elementLine = undefined;
      frame.sawComma = frame.value.length > 0;
      for (const rest of this.text.from(frame.batchStart)) {
        // scan() finds the element line again when the root array's bracket passes; TypeScript keeps the
        // narrowing from the assignment above across that call.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
        if (this.parsing && this.elementLine === undefined) this.scan(rest.piece, rest.start);
      }
      return;
    }
    this.capElements(batch.value, frame);
    for (const element of batch.value as unknown[]) frame.value.push(element);
    this.elementsParsed += batch.value.length;
    frame.batchStart = offset + comma + 1;
  }

  /** The last batch of an array cut at lines: up to the closing bracket, which ends the text. */
  private finishLines(): void {
    const frame = this.frames[0];
    const end = this.text.lastNonBlank();
    if (frame?.kind !== 'array' || this.text.slice(end, end + 1) !== ']') {
      this.fail();
      return;
    }
    if (this.text.slice(frame.batchStart, end).trim() === '') {
      // `[ ]` is empty; a blank batch after a cut means `[1, ]`, a comma JSON does not allow.
      if (frame.value.length > 0) this.fail();
      else this.close(frame.value, end);
      return;
    }
    if (this.parseElements(frame, end)) this.close(frame.value, end);
  }

  /** The root value is alone on its line, and what starts at `next` is on a later one: JSON Lines. */
  private rootFillsItsLine(next: number): boolean {
    const lineEnd = this.text.indexOf('\n', this.rootStart);
    return lineEnd !== -1 && this.rootEnd < lineEnd && lineEnd < next;
  }

  /** Reads the text as JSON Lines from its start: the lines before the root are blank, its own is whole. */
  private startJsonLines(): void {
    this.jsonLines = { lines: new JsonLines(), lineNumber: 0, nextLine: 0, searched: 0 };
    this.readLines();
  }

  /** The innermost container built here is complete (its end at `at`): it becomes its parent's member, or the root. */
  private close(value: unknown, at: number): void {
    this.depth--;
    this.frames.pop();
    const parent = this.frames[this.frames.length - 1];
    if (!parent) {
      this.root = { value };
      this.rootEnd = at;
    } else if (parent.kind === 'object') {
      define(parent.value, parent.key, value);
      parent.state = 'after-value';
    } else {
      // Containers built here are only the root and members of objects, never array elements.
      this.fail();
    }
  }

  /** Parses the complete elements between batchStart and `end` into the frame's array. */
  private parseElements(frame: ArrayFrame, end: number): boolean {
    const batch = this.parse(frame.batchStart, end, true);
    // Split at its commas, `[1,,2]` would read as `[1]`, `[]` and `[2]`: an empty batch is an empty element.
    if (!batch || !Array.isArray(batch.value) || batch.value.length === 0) {
      this.fail();
      return false;
    }
    this.capElements(batch.value, frame);
    for (const element of batch.value as unknown[]) frame.value.push(element);
    this.elementsParsed += batch.value.length;
    return true;
  }

  /** Cuts a batch of the array `frame`'s elements: the batch stands where the array is, its elements a level below. */
  private capElements(batch: unknown[], frame: ArrayFrame): void {
    const deep = capDepth(batch, MAX_DEPTH - this.frames.length + 1);
    // The batch's paths start at its own index 0: the array's elements before it come first.
    const paths = deep?.paths.map(([first, ...rest]) => [(first as number) + frame.value.length, ...rest]);
    this.noteCuts(deep && paths && { count: deep.count, paths }, []);
  }

  /** Keeps `cuts` of a value below the frames, whose paths start after `below`; rare, so the frames' path is made only then. */
  private noteCuts(cuts: DepthCuts | undefined, below: PathSegment[]): void {
    if (!cuts) return;
    // Containers built here are the root and members of objects: each frame but the last holds the next at its key.
    const above = this.frames.slice(0, -1).map((frame) => (frame.kind === 'object' ? frame.key : frame.value.length));
    this.deep = joinCuts(this.deep, { count: cuts.count, paths: cuts.paths.map((path) => [...above, ...below, ...path]) });
  }

  /** JSON.parse of the text between two offsets; a failure stops this parser unless told otherwise. */
  private parse(from: number, to: number, asElements = false, failing = true): { value: unknown } | undefined {
    const text = asElements ? this.text.slice(from, to, '[', ']') : this.text.slice(from, to);
    try {
      return { value: JSON.parse(text) as unknown };
    } catch {
      if (failing) this.fail();
      return undefined;
    }
  }
}

/** As JSON.parse sets a member: an own property even for `__proto__`, the last of duplicate keys winning. */
function define(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}
