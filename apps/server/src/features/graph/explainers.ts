import type OpenAI from 'openai';
import { z } from 'zod';
import { GraphErrorMessage } from '@threadbook/contracts';
import type { Config } from '../../config.ts';
import { explainRelationship } from '@threadbook/pipeline';
import { summaryMessages, type RelationshipToExplain } from './prompt.ts';

export interface Explainer {
  /** Names the cache entries: 'builtin' or 'llm:<model>'. */
  provider: string;
  /** The summary; throws ExplanationError when the service fails. */
  explain(input: RelationshipToExplain): Promise<string>;
}

/** The explanation service failed; the message is for the reader. */
export class ExplanationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ExplanationError';
  }
}

/**
 * The configured explainer: the OpenAI-compatible endpoint when LLM_BASE_URL is set, else the offline one.
 * Either reads at most EXPLAINED_CHARS of each paragraph, so one summary's work (on the request thread for
 * the offline one) stays small whatever a book holds.
 */
export function createExplainer(llm: Config['llm']): Explainer {
  const explainer = llm ? llmExplainer(llm) : builtinExplainer;
  return {
    provider: explainer.provider,
    explain: (input) =>
      explainer.explain({
        ...input,
        source: { ...input.source, text: cut(input.source.text) },
        related: { ...input.related, text: cut(input.related.text) },
      }),
  };
}

/** Paragraph text a summary is written from: a few paragraphs of a textbook fit well within. */
export const EXPLAINED_CHARS = 4000;

function cut(text: string): string {
  return text.length <= EXPLAINED_CHARS ? text : `${text.slice(0, EXPLAINED_CHARS)}…`;
}

const builtinExplainer: Explainer = {
  provider: 'builtin',
  explain: async (input) =>
    explainRelationship({
      relationshipType: input.type,
      source: input.source,
      related: input.related,
      ...(input.edge ? { justification: input.edge.justification } : {}),
    }),
};

function llmExplainer(llm: NonNullable<Config['llm']>): Explainer {
  // The SDK is loaded for the first summary asked for: it takes a fifth of a second to load.
  let connecting: Promise<{ sdk: typeof import('openai'); client: OpenAI }> | undefined;
  const connect = () =>
    (connecting ??= import('openai').then((sdk) => ({
      sdk,
      // One retry: a blip is forgiven, a dead service answers within two timeouts.
      client: new sdk.OpenAI({
        baseURL: llm.baseUrl,
        apiKey: llm.apiKey ?? 'none',
        timeout: llm.timeoutMs,
        maxRetries: 1,
      }),
    })));
  return {
    provider: `llm:${llm.model}`,
    async explain(input) {
      const { sdk, client } = await connect();
      let completion: unknown;
      try {
        completion = await client.chat.completions.create({
          model: llm.model,
          messages: summaryMessages(input),
        });
      } catch (error) {
        throw new ExplanationError(failureMessage(error, sdk), { cause: error });
      }
      const answer = chatAnswer.safeParse(completion);
      if (!answer.success) {
        throw new ExplanationError(GraphErrorMessage.explanationMalformed, { cause: answer.error });
      }
      const summary = answer.data.choices[0]?.message.content?.trim();
      if (!summary) throw new ExplanationError(GraphErrorMessage.explanationEmpty);
      return summary;
    },
  };
}

/** The part of a chat completion we read; a service may send anything (an HTML page, JSON of another API). */
const chatAnswer = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })).min(1),
});

function failureMessage(error: unknown, sdk: typeof import('openai')): string {
  if (error instanceof sdk.APIConnectionTimeoutError) return GraphErrorMessage.explanationTimeout;
  // A 200 whose JSON body is cut short or garbled.
  if (error instanceof SyntaxError) return GraphErrorMessage.explanationMalformed;
  // The SDK's message starts with the HTTP status when there is one ("500 ...", "Connection error.").
  return `${GraphErrorMessage.explanationFailed}${firstLine(error instanceof Error ? error.message : String(error))}`;
}

/** Keeps a service's message short enough to show (it may echo a whole HTML error page). */
function firstLine(message: string): string {
  return (message.split('\n')[0] ?? '').slice(0, 200);
}
