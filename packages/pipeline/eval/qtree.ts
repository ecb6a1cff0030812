import { matchBrace } from './text.ts';

/*
 * qtree's trees (\Tree [.VoiceP [.DP ] [. [.Voice ] [.vP ... ] ] ]) as the page reads them. qtree sets
 * the nodes of one depth on one row, so the text, row by row and left to right, is the labels in level
 * order: "VoiceP DP Voice vP ...", not the source's nesting order. A label of several lines
 * ("VoiceP\\λe.Agent(x,e)") reads its first lines across the row, then its second ones.
 */

interface TreeNode {
  /** The label's lines (LaTeX), none for an unlabelled node. */
  lines: string[];
  children: TreeNode[];
}

/** The source with each \Tree replaced by its labels in the order the page reads them (LaTeX still). */
export function renderTrees(src: string): string {
  let out = '';
  let last = 0;
  const re = /\\Tree\s*(?=\[)/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    const tree = readNode(src, re.lastIndex);
    if (!tree) continue;
    out += `${src.slice(last, m.index)} ${levelOrder(tree)} `;
    last = tree.end;
    re.lastIndex = tree.end;
  }
  return out + src.slice(last);
}

/** The labels row by row: each row's first lines, then its second ones, and so on. */
function levelOrder(root: TreeNode): string {
  const words: string[] = [];
  for (let row = [root]; row.length > 0; row = row.flatMap((n) => n.children)) {
    const height = Math.max(...row.map((n) => n.lines.length));
    for (let k = 0; k < height; k++) for (const n of row) if (n.lines[k]) words.push(n.lines[k]!);
  }
  return words.join(' ');
}

/** The node whose "[" is at `i`, and the index after its "]" (and an end label, "[ ... ].NP"). */
function readNode(src: string, i: number): (TreeNode & { end: number }) | undefined {
  const node: TreeNode = { lines: [], children: [] };
  i++;
  if (src[i] === '.') {
    const label = readToken(src, i + 1);
    node.lines = labelLines(src.slice(i + 1, label));
    i = label;
  }
  for (;;) {
    while (/\s/.test(src[i] ?? '')) i++;
    if (i >= src.length) return undefined;
    if (src[i] === ']') break;
    if (src[i] === '[') {
      const child = readNode(src, i);
      if (!child) return undefined;
      node.children.push(child);
      i = child.end;
      continue;
    }
    const end = readToken(src, i);
    if (end === i) return undefined;
    node.children.push(leaf(src.slice(i, end)));
    i = end;
  }
  i++;
  if (src[i] === '.' && node.lines.length === 0) {
    const label = readToken(src, i + 1);
    node.lines = labelLines(src.slice(i + 1, label));
    i = label;
  }
  return { ...node, end: i };
}

/** A leaf word, or a roof (\qroof{text}.Label): the label above the text it spans. */
function leaf(token: string): TreeNode {
  const roof = /^\\qroof\s*\{/.exec(token);
  if (!roof) return { lines: labelLines(token), children: [] };
  const close = matchBrace(token, roof[0].length - 1);
  const text = token.slice(roof[0].length, close);
  return {
    lines: labelLines(token.slice(close + 2)),
    children: [{ lines: labelLines(text), children: [] }],
  };
}

/** Where a label or leaf starting at `i` ends: at a space or bracket outside braces and math. */
function readToken(src: string, i: number): number {
  while (i < src.length && !/[\s[\]]/.test(src[i]!)) {
    const close = src[i] === '{' ? matchBrace(src, i) : src[i] === '$' ? src.indexOf('$', i + 1) : i;
    if (close < 0) return src.length;
    if (src[i] === '\\') i += /^\\(?:[A-Za-z]+|.)/.exec(src.slice(i, i + 40))?.[0].length ?? 1;
    else i = close + 1;
  }
  return i;
}

/** A label's lines: parted by \\ outside braces. */
function labelLines(label: string): string[] {
  const lines: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < label.length; i++) {
    if (label[i] === '{') depth++;
    else if (label[i] === '}') depth--;
    else if (label[i] === '\\') {
      if (label[i + 1] === '\\' && depth === 0) {
        lines.push(label.slice(start, i));
        start = i + 2;
      }
      i++;
    }
  }
  lines.push(label.slice(start));
  return lines.map((l) => l.trim()).filter((l) => l !== '');
}
