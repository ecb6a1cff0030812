/** A text matched as itself inside a regular expression: "c++" stays "c\+\+". */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
