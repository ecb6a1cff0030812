import type { PDFDocumentProxy } from 'pdfjs-dist';
import { resolveDestination, type LinkTarget } from './destination.ts';

/**
 * What pdf.js's annotation layer asks of its link service (IPDFLinkService), done the reader's way: an
 * internal link calls `follow` (the reader's recorded jump), an external one opens in a new tab without
 * giving the book's page to it.
 */
export class ReaderLinkService {
  readonly externalLinkEnabled = true;
  readonly eventBus = undefined;
  readonly isInPresentationMode = false;
  page = 1;
  rotation = 0;
  private readonly pdf: PDFDocumentProxy;
  private readonly follow: (target: LinkTarget) => void;

  constructor(pdf: PDFDocumentProxy, follow: (target: LinkTarget) => void) {
    this.pdf = pdf;
    this.follow = follow;
  }

  get pagesCount(): number {
    return this.pdf.numPages;
  }

  async goToDestination(dest: unknown): Promise<void> {
    const target = await resolveDestination(this.pdf, dest).catch((error: unknown) => {
      console.warn('a link destination could not be resolved', error);
      return null;
    });
    if (target) this.follow(target);
  }

  goToPage(value: number | string): void {
    const pageNumber = Number(value);
    if (Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= this.pagesCount) {
      this.follow({ pageNumber });
    }
  }

  goToXY(pageNumber: number): void {
    this.goToPage(pageNumber);
  }

  /** The links are followed by their click handler; the href only makes them links (focusable, Enter). */
  getDestinationHash(): string {
    return '#';
  }

  getAnchorUrl(anchor: string): string {
    return `#${anchor}`;
  }

  addLinkAttributes(link: HTMLAnchorElement, url: string): void {
    link.href = url;
    link.title = url;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
  }

  setHash(): void {}

  executeNamedAction(action: string): void {
    const page = this.page;
    const to: Record<string, number> = {
      NextPage: page + 1,
      PrevPage: page - 1,
      FirstPage: 1,
      LastPage: this.pagesCount,
    };
    if (action in to) this.goToPage(to[action]!);
  }

  executeSetOCGState(): void {}

  getAttachmentContent(): Promise<null> {
    return Promise.resolve(null);
  }
}
